import type { Rect } from "./layouts"

/** As PDF's /Rotate counts them. */
export type Rotation = 0 | 90 | 180 | 270

/** [a b c d e f]: x' = a·u + c·v + e, y' = b·u + d·v + f. */
export type Matrix = [number, number, number, number, number, number]

export interface Placement {
  matrix: Matrix
  rotation: Rotation
  scale: number
  box: Rect
}

export interface FitOptions {
  /** A PDF page's /Rotate: the content is shown turned by it before fitting. */
  rotation?: Rotation
  /** Labels use 1: carriers specify barcodes at print size. */
  maxScale?: number
  allowTurn?: boolean
}

/** Centred without distortion, turned a quarter when that draws it larger; ties keep it upright. */
export function fitInto(
  width: number,
  height: number,
  cell: Rect,
  options: FitOptions = {}
): Placement {
  if (!(width > 0) || !(height > 0)) {
    throw new Error(
      `content to place must have a positive size; got ${width} x ${height}`
    )
  }
  const base = options.rotation ?? 0
  const maxScale = options.maxScale ?? Infinity
  const upright = scaleFor(base, width, height, cell, maxScale)
  const turnedRotation = ((base + 90) % 360) as Rotation
  const turned = options.allowTurn
    ? scaleFor(turnedRotation, width, height, cell, maxScale)
    : 0
  const rotation = turned > upright + 1e-9 ? turnedRotation : base
  const scale = Math.max(upright, turned)
  return placement(width, height, rotation, scale, cell)
}

function visualSize(
  rotation: Rotation,
  width: number,
  height: number
): [number, number] {
  return rotation === 90 || rotation === 270 ? [height, width] : [width, height]
}

function scaleFor(
  rotation: Rotation,
  width: number,
  height: number,
  cell: Rect,
  maxScale: number
): number {
  const [w, h] = visualSize(rotation, width, height)
  return Math.min(cell.w / w, cell.h / h, maxScale)
}

export function placement(
  width: number,
  height: number,
  rotation: Rotation,
  scale: number,
  cell: Rect
): Placement {
  const [vw, vh] = visualSize(rotation, width, height)
  const s = scale
  const box: Rect = {
    x: cell.x + (cell.w - vw * s) / 2,
    y: cell.y + (cell.h - vh * s) / 2,
    w: vw * s,
    h: vh * s,
  }
  const { x, y } = box
  const matrix: Matrix =
    rotation === 0
      ? [s, 0, 0, s, x, y]
      : rotation === 90
        ? // the content's top edge goes to the right
          [0, -s, s, 0, x, y + s * width]
        : rotation === 180
          ? [-s, 0, 0, -s, x + s * width, y + s * height]
          : [0, s, -s, 0, x + s * height, y]
  return { matrix, rotation, scale: s, box }
}

/** Used by tests and to check where content lands. */
export function apply(m: Matrix, u: number, v: number): [number, number] {
  return [m[0] * u + m[2] * v + m[4], m[1] * u + m[3] * v + m[5]]
}
