import type { DocumentSize } from "../../../../../src/shipping-api/constants"
import { SANDBOX_MARKER, renderDocument } from ".."
import { zplEscape } from "../zpl"
import { labelInput } from "./helpers"

const DOTS: Record<DocumentSize, [number, number]> = {
  DOC_4X6: [812, 1218],
  DOC_4X5: [812, 1015],
  DOC_8X11: [1726, 2233],
}

function zpl(overrides: Parameters<typeof labelInput>[0] = {}): string {
  const doc = renderDocument(labelInput({ fileFormat: "ZPL2", ...overrides }))
  expect(doc.mimeType).toBe("application/zpl")
  expect(doc.extension).toBe("zpl")
  expect(doc.pages).toHaveLength(1)
  const text = doc.pages[0].toString("utf8")
  expect(Buffer.from(text, "utf8").equals(doc.pages[0])).toBe(true)
  return text
}

/** Field data of every ^FD...^FS, with the ^FH hex escapes undone. */
function fields(z: string): string[] {
  return [...z.matchAll(/\^FD(.*?)\^FS/g)].map((m) =>
    Buffer.from(
      m[1].replace(/_([0-9A-F]{2})/g, (_, h: string) =>
        String.fromCharCode(parseInt(h, 16))
      ),
      "latin1"
    ).toString("utf8")
  )
}

describe("ZPL II shipping label", () => {
  it.each(Object.keys(DOTS) as DocumentSize[])(
    "%s: one ^XA..^XZ format sized at 203 dpi with a Code 128 barcode",
    (size) => {
      const trackingNumber = "9400111899223344556677"
      const z = zpl({ size, trackingNumber })
      expect(z.startsWith("^XA")).toBe(true)
      expect(z.trimEnd().endsWith("^XZ")).toBe(true)
      expect(z.match(/\^XA/g)).toHaveLength(1)
      expect(z.match(/\^XZ/g)).toHaveLength(1)
      expect(z).toContain("^CI28")
      const [w, h] = DOTS[size]
      expect(z).toContain(`^PW${w}\n`)
      expect(z).toContain(`^LL${h}\n`)

      const bc = [
        ...z.matchAll(
          /\^BY(\d+),3,(\d+)\^FO(\d+),(\d+)\^BCN,(\d+),N,N,N,A\^FH_\^FD([^^]*)\^FS/g
        ),
      ]
      expect(bc).toHaveLength(1)
      const [, module, height, x, y] = bc[0].slice(0, 5).map(Number)
      expect(bc[0][6]).toBe(trackingNumber)
      expect(module).toBeGreaterThanOrEqual(2)
      expect(height).toBeGreaterThanOrEqual(100)
      expect(x).toBeLessThan(w)
      expect(y + height).toBeLessThan(size === "DOC_8X11" ? h / 2 : h)

      // Every field origin lies on the label.
      for (const m of z.matchAll(/\^FO(\d+),(\d+)/g)) {
        expect(Number(m[1])).toBeLessThan(w)
        expect(Number(m[2])).toBeLessThan(h)
      }
    }
  )

  it("prints carrier, service, both addresses, tracking number and the sandbox marker as text fields", () => {
    const f = fields(zpl({ customs: true, returnLabel: true }))
    expect(f).toEqual(
      expect.arrayContaining([
        SANDBOX_MARKER,
        "POSTAL PM",
        "Acme Warehouse",
        "Shelton, CT 06484",
        "Jane Doe",
        "Springfield, IL 62701",
        "9400111899223344556677",
        "SHIPMENT: shp_01JTESTSHIPMENT0001",
        "CUSTOMS DECLARATION CN22",
        "RETURN",
      ])
    )
    // The RETURN text is reversed over its black box.
    expect(zpl({ returnLabel: true })).toMatch(/\^FR\^FH_\^FDRETURN\^FS/)
  })

  it("escapes ^, ~ and _ in field data with ^FH hex so an address cannot inject commands", () => {
    const z = zpl({
      to: {
        name: "Evil ^XZ^XA Corp",
        company: "Tilde~Co under_score",
        countryCode: "US",
      },
    })
    expect(z).toContain("^FH_^FDEvil _5EXZ_5EXA Corp^FS")
    expect(z).toContain("^FDTilde_7ECo under_5Fscore^FS")
    expect(z.match(/\^XZ/g)).toHaveLength(1)
    expect(z.match(/\^XA/g)).toHaveLength(1)
    // Every field is hex-escaped.
    expect(z.match(/\^FD/g)!.length).toBe(z.match(/\^FH_\^FD/g)!.length)
    expect(fields(z)).toEqual(
      expect.arrayContaining(["Evil ^XZ^XA Corp", "Tilde~Co under_score"])
    )
  })

  it("passes UTF-8 through (^CI28)", () => {
    const z = zpl({ to: { name: "Zoë Łódź", countryCode: "PL" } })
    expect(z).toContain("^FDZoë Łódź^FS")
  })

  it("zplEscape", () => {
    expect(zplEscape("a^b~c_d")).toBe("a_5Eb_7Ec_5Fd")
    expect(zplEscape("plain 123")).toBe("plain 123")
  })
})
