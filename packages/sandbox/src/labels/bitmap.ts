/**
 * A 1-bit raster stored exactly as PNG scanlines (filter byte + packed pixels, MSB first,
 * 0 = black), so encoding is a single deflate of `data` with no copying or filtering.
 */
export class Bitmap {
  readonly stride: number
  readonly data: Buffer

  constructor(
    readonly width: number,
    readonly height: number,
    data?: Buffer
  ) {
    this.stride = 1 + ((width + 7) >> 3)
    if (data) {
      if (data.length !== this.stride * height) {
        throw new Error("bitmap data does not match its dimensions")
      }
      this.data = data
    } else {
      // White everywhere; every filter byte must be 0 (None), so write them back.
      this.data = Buffer.alloc(this.stride * height, 0xff)
      for (let y = 0; y < height; y++) {
        this.data[y * this.stride] = 0
      }
    }
  }

  clone(): Bitmap {
    return new Bitmap(this.width, this.height, Buffer.from(this.data))
  }

  /** Paints dots [x0, x1) of row y black (or white when `black` is false). */
  span(y: number, x0: number, x1: number, black = true): void {
    if (y < 0 || y >= this.height) {
      return
    }
    if (x0 < 0) {
      x0 = 0
    }
    if (x1 > this.width) {
      x1 = this.width
    }
    if (x1 <= x0) {
      return
    }
    const d = this.data
    const row = y * this.stride + 1
    const b0 = x0 >> 3
    const b1 = (x1 - 1) >> 3
    const m0 = 0xff >> (x0 & 7)
    const m1 = (0xff << (7 - ((x1 - 1) & 7))) & 0xff
    if (b0 === b1) {
      const m = m0 & m1
      d[row + b0] = black ? d[row + b0] & ~m : d[row + b0] | m
      return
    }
    if (black) {
      d[row + b0] &= ~m0
      d.fill(0x00, row + b0 + 1, row + b1)
      d[row + b1] &= ~m1
    } else {
      d[row + b0] |= m0
      d.fill(0xff, row + b0 + 1, row + b1)
      d[row + b1] |= m1
    }
  }

  fillRect(x: number, y: number, w: number, h: number, black = true): void {
    const y1 = Math.min(this.height, y + h)
    for (let yy = Math.max(0, y); yy < y1; yy++) {
      this.span(yy, x, x + w, black)
    }
  }

  strokeRect(x: number, y: number, w: number, h: number, t: number): void {
    this.fillRect(x, y, w, t)
    this.fillRect(x, y + h - t, w, t)
    this.fillRect(x, y, t, h)
    this.fillRect(x + w - t, y, t, h)
  }

  /** Copies dots [x0, x1) of row y into the h-1 rows below it (barcode bars are columns). */
  repeatRow(y: number, x0: number, x1: number, h: number): void {
    const d = this.data
    const src = y * this.stride + 1
    const b0 = x0 >> 3
    const b1 = (x1 - 1) >> 3
    const m0 = 0xff >> (x0 & 7)
    const m1 = (0xff << (7 - ((x1 - 1) & 7))) & 0xff
    for (let k = 1; k < h && y + k < this.height; k++) {
      const dst = src + k * this.stride
      if (b0 === b1) {
        const m = m0 & m1
        d[dst + b0] = (d[dst + b0] & ~m) | (d[src + b0] & m)
        continue
      }
      d[dst + b0] = (d[dst + b0] & ~m0) | (d[src + b0] & m0)
      d.copy(d, dst + b0 + 1, src + b0 + 1, src + b1)
      d[dst + b1] = (d[dst + b1] & ~m1) | (d[src + b1] & m1)
    }
  }

  isBlack(x: number, y: number): boolean {
    return (
      ((this.data[y * this.stride + 1 + (x >> 3)] >> (7 - (x & 7))) & 1) === 0
    )
  }
}
