import path from "node:path"
import { checkFileStorage } from "../file-storage"

const root = "/srv/store"
const file = (providers: unknown[]) => ({
  file: { resolve: "@medusajs/medusa/file", options: { providers } },
})

describe('documents.storage "file" and the app\'s File Module', () => {
  it("refuses Medusa's default (file-local, no File Module configured): private files are served at /static", () => {
    const check = checkFileStorage({}, root)
    expect(check).toEqual({
      ok: false,
      reason: expect.stringContaining(
        `@medusajs/medusa/file-local writes private files into ${path.join(root, "static")}, which Medusa serves at /static to anyone`
      ),
    })
  })

  it("refuses file-local whose private folder is the served one, or inside it", () => {
    for (const dir of [
      undefined,
      "static",
      "static/private",
      `${root}/static/x`,
    ])
      expect(
        checkFileStorage(
          file([
            {
              resolve: "@medusajs/file-local",
              id: "local",
              options: { private_upload_dir: dir },
            },
          ]),
          root
        ).ok
      ).toBe(false)
  })

  it("accepts file-local with a private folder outside static, served through the admin route", () => {
    expect(
      checkFileStorage(
        file([
          {
            resolve: "@medusajs/medusa/file-local",
            id: "local",
            options: { private_upload_dir: "private-files" },
          },
        ]),
        root
      )
    ).toEqual({
      ok: true,
      provider: "@medusajs/medusa/file-local",
      delivery: "stream",
    })
    // A sibling whose name starts like the served folder is still outside it.
    expect(
      checkFileStorage(
        file([
          {
            resolve: "@medusajs/medusa/file-local",
            options: { private_upload_dir: "static-private" },
          },
        ]),
        root
      ).ok
    ).toBe(true)
  })

  it("accepts file-s3 (private uploads, presigned downloads) unless its acl makes every file public", () => {
    expect(
      checkFileStorage(
        file([{ resolve: "@medusajs/medusa/file-s3", id: "s3", options: {} }]),
        root
      )
    ).toEqual({
      ok: true,
      provider: "@medusajs/medusa/file-s3",
      delivery: "presigned",
    })
    const check = checkFileStorage(
      file([
        {
          resolve: "@medusajs/medusa/file-s3",
          id: "s3",
          options: { acl: "public-read" },
        },
      ]),
      root
    )
    expect(check).toEqual({
      ok: false,
      reason: expect.stringContaining('the ACL "public-read"'),
    })
    expect(
      checkFileStorage(
        file([
          {
            resolve: "@medusajs/medusa/file-s3",
            options: { acl: false },
          },
        ]),
        root
      ).ok
    ).toBe(true)
  })

  it("refuses a File Module without providers and trusts a provider of the merchant's own", () => {
    expect(checkFileStorage(file([]), root).ok).toBe(false)
    expect(
      checkFileStorage(file([{ resolve: "./src/modules/my-files" }]), root)
    ).toEqual({
      ok: true,
      provider: "./src/modules/my-files",
      delivery: "presigned",
    })
  })
})
