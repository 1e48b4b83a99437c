import type { Address } from "../state/model"

/**
 * Where scans happen and which local time they carry. No geocoder: a US address maps to the
 * regional hub of its ZIP code's first digit (the national areas of the postal code), and
 * coordinates are the hub's, shifted a little per address so origin and destination differ.
 */
export type Location = {
  city: string
  state: string
  postalCode: string
  country: string
  lat: number
  lon: number
}

const US_HUBS: Location[] = [
  {
    city: "SPRINGFIELD",
    state: "MA",
    postalCode: "01152",
    country: "US",
    lat: 42.1015,
    lon: -72.5898,
  },
  {
    city: "NEW YORK",
    state: "NY",
    postalCode: "10199",
    country: "US",
    lat: 40.7506,
    lon: -73.9972,
  },
  {
    city: "RICHMOND",
    state: "VA",
    postalCode: "23232",
    country: "US",
    lat: 37.5407,
    lon: -77.436,
  },
  {
    city: "ATLANTA",
    state: "GA",
    postalCode: "30320",
    country: "US",
    lat: 33.6407,
    lon: -84.4277,
  },
  {
    city: "INDIANAPOLIS",
    state: "IN",
    postalCode: "46241",
    country: "US",
    lat: 39.7173,
    lon: -86.2944,
  },
  {
    city: "MINNEAPOLIS",
    state: "MN",
    postalCode: "55111",
    country: "US",
    lat: 44.8848,
    lon: -93.2223,
  },
  {
    city: "CHICAGO",
    state: "IL",
    postalCode: "60666",
    country: "US",
    lat: 41.9742,
    lon: -87.9073,
  },
  {
    city: "DALLAS",
    state: "TX",
    postalCode: "75261",
    country: "US",
    lat: 32.8998,
    lon: -97.0403,
  },
  {
    city: "DENVER",
    state: "CO",
    postalCode: "80249",
    country: "US",
    lat: 39.8561,
    lon: -104.6737,
  },
  {
    city: "LOS ANGELES",
    state: "CA",
    postalCode: "90009",
    country: "US",
    lat: 33.9416,
    lon: -118.4085,
  },
]

/** International gateways: where a cross-border parcel enters its destination country. */
const GATEWAYS: Record<string, Location> = {
  GB: {
    city: "LONDON",
    state: "",
    postalCode: "TW6 2GA",
    country: "GB",
    lat: 51.47,
    lon: -0.4543,
  },
  CA: {
    city: "MISSISSAUGA",
    state: "ON",
    postalCode: "L5P 1B2",
    country: "CA",
    lat: 43.6777,
    lon: -79.6248,
  },
  DE: {
    city: "FRANKFURT",
    state: "",
    postalCode: "60549",
    country: "DE",
    lat: 50.0379,
    lon: 8.5622,
  },
  FR: {
    city: "ROISSY",
    state: "",
    postalCode: "95700",
    country: "FR",
    lat: 49.0097,
    lon: 2.5479,
  },
  AU: {
    city: "SYDNEY",
    state: "NSW",
    postalCode: "2020",
    country: "AU",
    lat: -33.9399,
    lon: 151.1753,
  },
  JP: {
    city: "NARITA",
    state: "",
    postalCode: "282-0004",
    country: "JP",
    lat: 35.772,
    lon: 140.3929,
  },
}

const STATE_OFFSETS: Record<string, string> = {}
const zones: Record<string, string> = {
  "-05:00": "CT ME MA NH RI VT NJ NY PA DE DC MD VA WV NC SC GA FL OH MI IN KY",
  "-06:00": "AL MS TN IL WI MN IA MO AR LA OK KS NE SD ND TX",
  "-07:00": "MT WY CO NM UT ID AZ",
  "-08:00": "CA OR WA NV",
  "-09:00": "AK",
  "-10:00": "HI",
  "-04:00": "PR VI",
}
for (const [offset, states] of Object.entries(zones))
  for (const s of states.split(" ")) STATE_OFFSETS[s] = offset

const CANADA_OFFSETS: Record<string, string> = {
  BC: "-08:00",
  AB: "-07:00",
  SK: "-06:00",
  MB: "-06:00",
  ON: "-05:00",
  QC: "-05:00",
  NB: "-04:00",
  NS: "-04:00",
  PE: "-04:00",
  NL: "-03:30",
}

const COUNTRY_OFFSETS: Record<string, string> = {
  GB: "+00:00",
  IE: "+00:00",
  PT: "+00:00",
  FR: "+01:00",
  DE: "+01:00",
  ES: "+01:00",
  IT: "+01:00",
  NL: "+01:00",
  BE: "+01:00",
  AT: "+01:00",
  CH: "+01:00",
  SE: "+01:00",
  NO: "+01:00",
  DK: "+01:00",
  PL: "+01:00",
  GR: "+02:00",
  FI: "+02:00",
  IN: "+05:30",
  CN: "+08:00",
  HK: "+08:00",
  SG: "+08:00",
  JP: "+09:00",
  KR: "+09:00",
  AU: "+10:00",
  NZ: "+12:00",
  BR: "-03:00",
  MX: "-06:00",
}

/** Standard time of the address (no daylight saving: stable across the year, documented). */
export function utcOffsetOf(address: Address | undefined): string {
  const country = (address?.countryCode ?? "US").toUpperCase()
  const state = (address?.stateProvince ?? "").toUpperCase()
  if (country === "US")
    return (
      STATE_OFFSETS[state] ?? STATE_OFFSETS[hubOf(address).state] ?? "-05:00"
    )
  if (country === "CA") return CANADA_OFFSETS[state] ?? "-05:00"
  return COUNTRY_OFFSETS[country] ?? "+00:00"
}

export function hubOf(address: Address | undefined): Location {
  const country = (address?.countryCode ?? "US").toUpperCase()
  if (country !== "US" && country !== "PR") {
    return (
      GATEWAYS[country] ?? {
        city: (address?.cityTown ?? "").toUpperCase(),
        state: address?.stateProvince ?? "",
        postalCode: address?.postalCode ?? "",
        country,
        lat: 0,
        lon: 0,
      }
    )
  }
  const digit = Number((address?.postalCode ?? "").trim().charAt(0))
  return US_HUBS[Number.isInteger(digit) ? digit : 0] ?? US_HUBS[0]!
}

/** The address itself as a scan location, placed near its hub. */
export function placeOf(address: Address | undefined): Location {
  const hub = hubOf(address)
  const seed = [...(address?.postalCode ?? "")].reduce(
    (a, c) => (a * 31 + c.charCodeAt(0)) % 1000,
    7
  )
  return {
    city: (address?.cityTown ?? hub.city).toUpperCase(),
    state: (address?.stateProvince ?? hub.state).toUpperCase(),
    postalCode: address?.postalCode ?? hub.postalCode,
    country: (address?.countryCode ?? hub.country).toUpperCase(),
    lat: round4(hub.lat + (seed % 100) / 250 - 0.2),
    lon: round4(hub.lon + (Math.floor(seed / 10) % 100) / 250 - 0.2),
  }
}

/** Local date (YYYY-MM-DD) and time (HH:MM:SS) of an instant at a ±hh:mm offset. */
export function localDateTime(
  instant: number,
  offset: string
): { date: string; time: string } {
  const m = /^([+-])(\d{2}):(\d{2})$/.exec(offset)
  const minutes = m
    ? (m[1] === "-" ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]))
    : 0
  const iso = new Date(instant + minutes * 60_000).toISOString()
  return { date: iso.slice(0, 10), time: iso.slice(11, 19) }
}

const round4 = (n: number) => Math.round(n * 10_000) / 10_000
