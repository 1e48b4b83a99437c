import { createHash } from "node:crypto"
import type { Carrier } from "../../../src/shipping-api/constants"

/**
 * Identifiers in the formats the carriers use, from seeded counters: the same seed and the same
 * sequence of requests give the same ids, and a counter never repeats a value (the scramble is a
 * bijection on its range), so ids are unique without a lookup.
 */
export type Counters = Record<string, number>

const SHIPMENT_PREFIX: Record<Carrier, string> = {
  POSTAL: "PSTL",
  CARRIER_A: "CARA",
  STANDARD: "STND",
  XBORDER: "XBDR",
}

/** Service part of a CARRIER_A (1Z) number, as the carrier encodes its services. */
const CARRIER_A_SERVICE_CODE: Record<string, string> = {
  NDA: "01",
  NDA_AM: "14",
  XPP: "13",
}

export class IdFactory {
  constructor(
    private readonly seed: number,
    readonly counters: Counters
  ) {}

  private next(kind: string): number {
    const n = (this.counters[kind] ?? 0) + 1
    this.counters[kind] = n
    return n
  }

  /** A bijection of n on [0, 10^digits): looks random, never collides. */
  private digits(kind: string, digits: number): string {
    const n = BigInt(this.next(kind))
    const modulus = 10n ** BigInt(digits)
    const offset = BigInt(Math.abs(Math.trunc(this.seed)) * 104729) % modulus
    const scrambled = ((n + offset) * 7_919_000_011n) % modulus // multiplier coprime with 10
    return scrambled.toString().padStart(digits, "0")
  }

  shipmentId(carrier: Carrier): string {
    return `${SHIPMENT_PREFIX[carrier]}${this.digits("shipment", 16)}`
  }

  trackingNumber(
    carrier: Carrier,
    serviceId: string,
    originCountry: string,
    shipperId: string
  ): string {
    switch (carrier) {
      case "POSTAL":
        return withMod10(`9400${this.digits("POSTAL", 17)}`)
      case "STANDARD":
        return withMod10(`9261${this.digits("STANDARD", 17)}`)
      case "CARRIER_A": {
        const account = shipperAccount(shipperId)
        return withUpsCheck(
          `1Z${account}${CARRIER_A_SERVICE_CODE[serviceId] ?? "03"}${this.digits("CARRIER_A", 7)}`
        )
      }
      case "XBORDER": {
        const serial = this.digits("XBORDER", 8)
        return `LX${serial}${s10Check(serial)}${/^[A-Z]{2}$/.test(originCountry) ? originCountry : "US"}`
      }
    }
  }

  manifestId(): string {
    return `MNF${this.digits("manifest", 12)}`
  }

  /** Scan forms carry a postal-style 22-digit number. */
  manifestTrackingNumber(): string {
    return withMod10(`9475${this.digits("scanform", 17)}`)
  }

  /** UUID-shaped, derived from the seed and a counter. */
  uuid(kind: string): string {
    const h = createHash("sha1")
      .update(`${this.seed}:${kind}:${this.next(kind)}`)
      .digest("hex")
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`
  }

  /** Short opaque token (file URLs). */
  opaque(kind: string): string {
    return createHash("sha1")
      .update(`${this.seed}:${kind}:${this.next(kind)}`)
      .digest("base64url")
      .slice(0, 22)
  }
}

/** Postal (IMpb) check digit: weights 3 and 1 from the right. */
export function withMod10(body: string): string {
  let sum = 0
  for (let i = 0; i < body.length; i++) {
    const d = body.charCodeAt(body.length - 1 - i) - 48
    sum += i % 2 === 0 ? d * 3 : d
  }
  return body + String((10 - (sum % 10)) % 10)
}

/** 1Z check digit: letters map to digits, odd positions once, even positions twice. */
export function withUpsCheck(body: string): string {
  const chars = body.slice(2)
  let sum = 0
  for (let i = 0; i < chars.length; i++) {
    const c = chars.charCodeAt(i)
    const v = c >= 65 ? (c - 63) % 10 : c - 48
    sum += i % 2 === 0 ? v : v * 2
  }
  return body + String((10 - (sum % 10)) % 10)
}

/** S10 (UPU) check digit of an 8-digit serial. */
export function s10Check(serial: string): string {
  const weights = [8, 6, 4, 2, 3, 5, 9, 7]
  let sum = 0
  for (let i = 0; i < 8; i++) sum += (serial.charCodeAt(i) - 48) * weights[i]!
  const check = 11 - (sum % 11)
  return String(check === 10 ? 0 : check === 11 ? 5 : check)
}

function shipperAccount(shipperId: string): string {
  const alphabet = "0123456789ABCDEFGHJKLMNPRSTVWXYZ"
  const h = createHash("sha1")
    .update(shipperId || "sandbox")
    .digest()
  let out = ""
  for (let i = 0; i < 6; i++) out += alphabet[h[i]! % alphabet.length]
  return out
}
