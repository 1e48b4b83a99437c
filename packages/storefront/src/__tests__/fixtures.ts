import type { Parcel } from "../types"

/** A parcel on its way as the tracking route answers it: two scans, an estimate from the commitment. */
export const parcel = (over: Partial<Parcel> = {}): Parcel => ({
  direction: "outbound",
  parcel_number: 1,
  parcel_count: 1,
  carrier: "POSTAL",
  service: "Postal Ground Advantage",
  tracking_number: "9400111202555842761245",
  tracking_url: "https://tools.example.com/track?number=9400111202555842761245",
  status: "InTransit",
  status_at: "2031-03-04T13:10:00.000Z",
  estimated_delivery: {
    date: "2031-03-06",
    time: null,
    offset: null,
    at: null,
    source: "commitment",
  },
  shipped_at: "2031-03-03T18:02:11.000Z",
  delivered_at: null,
  timeline: [
    {
      occurred_at: "2031-03-03T18:00:00.000Z",
      date: "2031-03-03",
      time: "13:00:00",
      offset: "-05:00",
      status: "Acceptance",
      code: "ACC",
      description: "Accepted at post office",
      location: "Newark, NJ 07102, US",
      kind: "tracking",
    },
    {
      occurred_at: "2031-03-04T13:10:00.000Z",
      date: "2031-03-04",
      time: "08:10:00",
      offset: "-05:00",
      status: "InTransit",
      code: "ITR",
      description: null,
      location: null,
      kind: "tracking",
    },
  ],
  ...over,
})
