import { readFileSync } from "node:fs"
import path from "node:path"

const root = path.resolve(__dirname, "../../../..")
const APP = path.join(root, "integration-tests", "storefront-app")

/**
 * docs/storefront.md has merchants add files to Medusa's Next.js starter; the browser test's
 * storefront has the same files, which the test runs. A block of the guide whose first line is
 * `// src/<path>` is that file of the test storefront, word for word.
 */
describe("the storefront guide", () => {
  it("shows the files the browser test's storefront runs, as they are", () => {
    const guide = readFileSync(path.join(root, "docs", "storefront.md"), "utf8")
    const blocks = [
      ...guide.matchAll(/```tsx?\n(\/\/ (src\/[^\s:]+)[^\n]*\n[\s\S]*?)```/g),
    ].map((m) => ({ text: m[1]!, file: m[2]! }))
    expect(blocks.map((b) => b.file).sort()).toEqual([
      "src/app/api/returns/[orderId]/[returnId]/label/route.ts",
      "src/lib/data/shipping-services.ts",
      "src/modules/order/components/order-shipping/index.tsx",
    ])
    for (const { text, file } of blocks)
      expect(text).toBe(readFileSync(path.join(APP, file), "utf8"))
  })
})
