import { Text } from "@medusajs/ui"
import { useEffect, useRef } from "react"
import uPlot from "uplot"

export type ChartSeries = { label: string; color: string; values: number[] }

/** uPlot's few needed layout rules: the plugin ships no CSS file. */
const CSS = `
.spend-chart .uplot, .spend-chart .uplot * { box-sizing: border-box; }
.spend-chart .uplot { font-family: inherit; width: 100%; }
.spend-chart .u-wrap { position: relative; user-select: none; }
.spend-chart .u-over, .spend-chart .u-under, .spend-chart .u-axis { position: absolute; }
.spend-chart .u-under { overflow: hidden; }
.spend-chart .uplot canvas { display: block; position: relative; width: 100%; height: 100%; }
.spend-chart .u-select, .spend-chart .u-cursor-x, .spend-chart .u-cursor-y, .spend-chart .u-cursor-pt { position: absolute; left: 0; top: 0; pointer-events: none; }
.spend-chart .u-cursor-x { height: 100%; border-right: 1px dashed #8b9bb4; }
.spend-chart .u-cursor-y { width: 100%; border-bottom: 1px dashed #8b9bb4; }
.spend-chart .u-cursor-pt { border-radius: 50%; border: 0 solid; background-clip: padding-box !important; }
.spend-chart .u-off { display: none; }
`

const HEIGHT = 260

/** `periods` are UTC first days; all series in one currency. */
export function SpendChart({
  periods,
  series,
  format,
}: {
  periods: string[]
  series: ChartSeries[]
  format: (amount: number) => string
}) {
  const box = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const el = box.current
    if (!el) return
    const xs = periods.map((p) => Date.parse(`${p}T00:00:00Z`) / 1000)
    const plot = new uPlot(
      {
        width: el.clientWidth || 600,
        height: HEIGHT,
        // UTC days shown as such, whatever the admin's zone.
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), "Etc/UTC"),
        scales: { x: { time: true } },
        // The legend is drawn below with the admin's own components.
        legend: { show: false },
        axes: [
          { stroke: "#8b9bb4", grid: { stroke: "rgba(139,155,180,0.15)" } },
          {
            stroke: "#8b9bb4",
            size: 70,
            grid: { stroke: "rgba(139,155,180,0.15)" },
            values: (_, ticks) => ticks.map((t) => format(t)),
          },
        ],
        series: [
          {},
          ...series.map((s) => ({
            label: s.label,
            stroke: s.color,
            width: 2,
            points: { show: periods.length <= 62 },
          })),
        ],
      },
      [xs, ...series.map((s) => s.values)],
      el
    )
    const resize = new ResizeObserver(() =>
      plot.setSize({ width: el.clientWidth, height: HEIGHT })
    )
    resize.observe(el)
    return () => {
      resize.disconnect()
      plot.destroy()
    }
  }, [periods, series, format])
  return (
    <div className="spend-chart" data-testid="spend-chart">
      <style>{CSS}</style>
      <div ref={box} />
      <div className="mt-2 flex justify-center gap-x-4">
        {series.map((s) => (
          <span key={s.label} className="flex items-center gap-x-1.5">
            <span
              className="inline-block h-2 w-2 rounded-full"
              style={{ background: s.color }}
            />
            <Text size="xsmall" className="text-ui-fg-subtle">
              {s.label}
            </Text>
          </span>
        ))}
      </div>
    </div>
  )
}
