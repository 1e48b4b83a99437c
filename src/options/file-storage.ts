import path from "node:path"

/** Labels carry addresses, so a File Module serving "private" files to anyone with the URL is refused. */
export type FileStorageCheck =
  | { ok: true; provider: string; delivery: "presigned" | "stream" }
  | { ok: false; reason: string }

type ProviderEntry = {
  resolve?: unknown
  id?: unknown
  options?: Record<string, unknown>
}

const FILE_MODULE_KEY = "file"
const DEFAULT_PROVIDER: ProviderEntry = {
  resolve: "@medusajs/medusa/file-local",
  id: "local",
}

function providersOf(modules: unknown): ProviderEntry[] {
  const entry = (modules as Record<string, unknown> | undefined)?.[
    FILE_MODULE_KEY
  ]
  if (entry === undefined || entry === true) return [DEFAULT_PROVIDER]
  if (!entry || typeof entry !== "object") return []
  const providers = (entry as { options?: { providers?: unknown } }).options
    ?.providers
  return Array.isArray(providers)
    ? (providers as ProviderEntry[])
    : [DEFAULT_PROVIDER]
}

const nameOf = (p: ProviderEntry) =>
  typeof p.resolve === "string" ? p.resolve : `provider "${String(p.id)}"`

function inside(dir: string, parent: string): boolean {
  const rel = path.relative(parent, dir)
  return rel === "" || (!rel.startsWith("..") && !path.isAbsolute(rel))
}

export function checkFileStorage(
  modules: unknown,
  rootDirectory: string
): FileStorageCheck {
  const providers = providersOf(modules)
  if (!providers.length)
    return {
      ok: false,
      reason:
        'the app has no File Module provider (configure @medusajs/medusa/file-s3, or keep documents.storage "database")',
    }
  let delivery: "presigned" | "stream" = "presigned"
  for (const provider of providers) {
    const name = nameOf(provider)
    const options = provider.options ?? {}
    if (/file-local/.test(name)) {
      // Medusa serves <root>/static to anyone; file-local's private_upload_dir defaults to it.
      const served = path.join(rootDirectory, "static")
      const privateDir = path.resolve(
        rootDirectory,
        typeof options.private_upload_dir === "string" &&
          options.private_upload_dir
          ? options.private_upload_dir
          : "static"
      )
      if (inside(privateDir, served))
        return {
          ok: false,
          reason: `${name} writes private files into ${privateDir}, which Medusa serves at /static to anyone who has the file's URL (labels carry names and addresses); set its private_upload_dir to a folder outside ${served}, use @medusajs/medusa/file-s3, or keep documents.storage "database"`,
        }
      delivery = "stream"
    } else if (/file-s3/.test(name)) {
      const acl = options.acl
      if (typeof acl === "string" && /^public-read/.test(acl))
        return {
          ok: false,
          reason: `${name} uploads every file with the ACL "${acl}" (its acl option), so private files are public; remove acl (private uploads) or set it to false, or keep documents.storage "database"`,
        }
    }
  }
  return { ok: true, provider: nameOf(providers[0]), delivery }
}
