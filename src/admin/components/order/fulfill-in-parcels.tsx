import { useState } from "react"
import { Button, Input, Label, Text, toast } from "@medusajs/ui"
import type { AdminOrder } from "@medusajs/framework/types"
import { useFulfillInParcels, type ParcelChoice } from "../../lib/api"
import { errorMessage } from "../../lib/format"

type Line = { id: string; title: string; left: number }

/** Quantity less what Medusa recorded as fulfilled. */
export function unfulfilledLines(order: AdminOrder): Line[] {
  return (order.items ?? [])
    .map((item) => {
      const detail = (
        item as { detail?: { fulfilled_quantity?: number | string } }
      ).detail
      const left =
        Number(item.quantity ?? 0) - Number(detail?.fulfilled_quantity ?? 0)
      return {
        id: item.id,
        title: [item.product_title ?? item.title, item.variant_title]
          .filter(Boolean)
          .join(" – "),
        left,
        shipping: item.requires_shipping !== false,
      }
    })
    .filter((l) => l.shipping && l.left > 0)
    .map(({ shipping: _s, ...l }) => l)
}

/** Checks every unit is in exactly one parcel. Pure. */
export function parcelsOf(
  lines: Line[],
  grid: number[][],
  weights: string[]
): { parcels: ParcelChoice[]; problems: string[] } {
  const problems: string[] = []
  lines.forEach((line, li) => {
    const total = grid.reduce((n, parcel) => n + (parcel[li] ?? 0), 0)
    if (total !== line.left)
      problems.push(`${line.title}: ${total} of ${line.left} packed`)
  })
  const parcels = grid.map((parcel, pi) => ({
    items: lines
      .map((l, li) => ({ line_item_id: l.id, quantity: parcel[li] ?? 0 }))
      .filter((i) => i.quantity > 0),
    ...(weights[pi]?.trim() ? { weight: Number(weights[pi]) } : {}),
  }))
  parcels.forEach((p, i) => {
    if (!p.items.length) problems.push(`Parcel ${i + 1} is empty`)
    if (p.weight !== undefined && !(p.weight > 0))
      problems.push(`Parcel ${i + 1}: the weight must be a positive number`)
  })
  return { parcels, problems }
}

/** Medusa's own fulfillment with parcels chosen here; without it the plugin packs by its `boxes` option. */
export function FulfillInParcels({ order }: { order: AdminOrder }) {
  const lines = unfulfilledLines(order)
  const [open, setOpen] = useState(false)
  const [grid, setGrid] = useState<number[][]>(() => [
    lines.map((l) => l.left),
    lines.map(() => 0),
  ])
  const [weights, setWeights] = useState<string[]>(["", ""])
  const fulfill = useFulfillInParcels(order.id)
  if (!lines.length) return null
  const { parcels, problems } = parcelsOf(lines, grid, weights)

  const setCell = (pi: number, li: number, value: string) =>
    setGrid((g) =>
      g.map((row, i) =>
        i === pi
          ? row.map((v, j) =>
              j === li ? Math.max(0, Math.floor(Number(value) || 0)) : v
            )
          : row
      )
    )
  const addParcel = () => {
    setGrid((g) => [...g, lines.map(() => 0)])
    setWeights((w) => [...w, ""])
  }
  const removeParcel = (pi: number) => {
    setGrid((g) => g.filter((_, i) => i !== pi))
    setWeights((w) => w.filter((_, i) => i !== pi))
  }

  if (!open) {
    return (
      <Button
        size="small"
        variant="secondary"
        onClick={() => setOpen(true)}
        data-testid="fulfill-in-parcels"
      >
        Fulfill in parcels…
      </Button>
    )
  }
  return (
    <div className="flex flex-col gap-y-3" data-testid="parcels-form">
      <Text size="small" className="text-ui-fg-subtle">
        One label per parcel. Put every unit left to fulfill into exactly one
        parcel; a weight (catalog unit) replaces the catalog's.
      </Text>
      {grid.map((row, pi) => (
        <div
          key={pi}
          className="flex flex-col gap-y-2 rounded-md border px-3 py-2"
          data-testid="parcel-choice"
        >
          <div className="flex items-center justify-between">
            <Text size="small" weight="plus">
              Parcel {pi + 1}
            </Text>
            {grid.length > 1 && (
              <Button
                size="small"
                variant="transparent"
                onClick={() => removeParcel(pi)}
              >
                Remove
              </Button>
            )}
          </div>
          {lines.map((line, li) => (
            <div
              key={line.id}
              className="grid grid-cols-[1fr_96px] items-center gap-x-2"
            >
              <Label size="small">
                {line.title}{" "}
                <span className="text-ui-fg-subtle">({line.left} left)</span>
              </Label>
              <Input
                size="small"
                type="number"
                min={0}
                max={line.left}
                value={row[li] ?? 0}
                onChange={(e) => setCell(pi, li, e.target.value)}
              />
            </div>
          ))}
          <div className="grid grid-cols-[1fr_96px] items-center gap-x-2">
            <Label size="small">Weight (optional)</Label>
            <Input
              size="small"
              type="number"
              min={0}
              value={weights[pi] ?? ""}
              onChange={(e) =>
                setWeights((w) =>
                  w.map((v, i) => (i === pi ? e.target.value : v))
                )
              }
            />
          </div>
        </div>
      ))}
      {problems.length > 0 && (
        <Text size="small" className="text-ui-fg-error">
          {problems.join(" · ")}
        </Text>
      )}
      <div className="flex gap-x-2">
        <Button size="small" variant="secondary" onClick={addParcel}>
          Add a parcel
        </Button>
        <Button
          size="small"
          disabled={problems.length > 0}
          isLoading={fulfill.isPending}
          data-testid="create-parcels"
          onClick={() =>
            fulfill.mutate(parcels, {
              onSuccess: () => {
                toast.success(`Fulfilled in ${parcels.length} parcels`, {
                  description: "One label per parcel was bought.",
                })
                setOpen(false)
              },
              onError: (e) =>
                toast.error("Not fulfilled", { description: errorMessage(e) }),
            })
          }
        >
          Fulfill and buy {parcels.length} labels
        </Button>
        <Button
          size="small"
          variant="transparent"
          onClick={() => setOpen(false)}
        >
          Cancel
        </Button>
      </div>
    </div>
  )
}
