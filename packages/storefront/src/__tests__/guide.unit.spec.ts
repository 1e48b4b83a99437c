import { readFileSync } from "node:fs"
import path from "node:path"

const root = path.resolve(__dirname, "../../../..")
const APP = path.join(root, "integration-tests", "storefront-app")
const STARTER = "apps/storefront/"

/**
 * docs/storefront.md has developers change files of Medusa's dtc-starter; the browser test's
 * storefront is the result, which the test runs. A block of the guide opened as
 * ```tsx file=apps/storefront/<path> is that file of the test storefront, word for word; one
 * opened as ```ts excerpt=apps/storefront/<path> is a run of its lines (indentation aside).
 */
const guide = readFileSync(path.join(root, "docs", "storefront.md"), "utf8")
const blocks = [
  ...guide.matchAll(/^```\w+ (file|excerpt)=(\S+)\n([\s\S]*?)^```$/gm),
].map((m) => ({
  kind: m[1] as "file" | "excerpt",
  file: m[2]!,
  text: m[3]!,
}))

const appFile = (file: string) =>
  readFileSync(path.join(APP, file.slice(STARTER.length)), "utf8")

/** Lines without their common indentation, blank lines kept. */
function dedent(lines: string[]): string[] {
  const indent = Math.min(
    ...lines.filter((l) => l.trim()).map((l) => l.length - l.trimStart().length)
  )
  return lines.map((l) => l.slice(indent))
}

/** Whether `part`'s lines are consecutive lines of `whole`, indentation aside. */
function isExcerpt(part: string, whole: string): boolean {
  const want = dedent(part.replace(/\n$/, "").split("\n")).join("\n")
  const lines = whole.split("\n")
  const n = want.split("\n").length
  for (let i = 0; i + n <= lines.length; i++)
    if (dedent(lines.slice(i, i + n)).join("\n") === want) return true
  return false
}

describe("the storefront guide", () => {
  it("shows whole the files a developer writes, as the test storefront has them", () => {
    const files = blocks.filter((b) => b.kind === "file")
    expect(files.map((b) => b.file).sort()).toEqual(
      [
        "src/app/[countryCode]/(main)/account/@dashboard/orders/details/[id]/page.tsx",
        "src/app/[countryCode]/(main)/account/@login/default.tsx",
        "src/app/api/returns/[orderId]/[returnId]/label/route.ts",
        "src/lib/data/shipping-services.ts",
        "src/modules/checkout/components/addresses/index.tsx",
        "src/modules/checkout/components/shipping-address/index.tsx",
        "src/modules/checkout/components/shipping/index.tsx",
        "src/modules/checkout/templates/checkout-form/index.tsx",
        "src/modules/order/components/order-shipping/index.tsx",
      ].map((f) => STARTER + f)
    )
    for (const { file, text } of files)
      expect({ file, text }).toEqual({ file, text: appFile(file) })
  })

  it("shows each part of a file as the test storefront has it", () => {
    const parts = blocks.filter((b) => b.kind === "excerpt")
    expect(parts.map((b) => b.file).sort()).toEqual([
      "apps/storefront/src/lib/data/orders.ts",
      "apps/storefront/tailwind.config.js",
    ])
    for (const { file, text } of parts)
      expect({ file, excerpt: isExcerpt(text, appFile(file)) }).toEqual({
        file,
        excerpt: true,
      })
  })

  it("reads an excerpt as consecutive lines, indentation aside", () => {
    const whole = "a {\n  b: 1,\n  c: 2,\n}\n"
    expect(isExcerpt("b: 1,\nc: 2,\n", whole)).toBe(true)
    expect(isExcerpt("b: 1,\n\nc: 2,\n", whole)).toBe(false)
    expect(isExcerpt("c: 2,\nb: 1,\n", whole)).toBe(false)
  })
})
