/** "Did you mean …?" for unknown option keys. */

/** Optimal string alignment distance: a swap of neighbours counts one, as a typist slips. */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0
  if (!a.length) return b.length
  if (!b.length) return a.length
  // The row before the previous is needed for swaps.
  let before: number[] = []
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let d = Math.min(
        previous[j]! + 1,
        current[j - 1]! + 1,
        previous[j - 1]! + cost
      )
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, before[j - 2]! + 1)
      current[j] = d
    }
    before = previous
    previous = current
  }
  return previous[b.length]!
}

/** Nearest candidate, ignoring case, within about a third of the length; ties go to the first. */
export function nearestKey(
  word: string,
  candidates: readonly string[]
): string | undefined {
  const limit = Math.max(1, Math.floor(word.length / 3))
  let best: { key: string; distance: number } | undefined
  for (const key of candidates) {
    const distance = editDistance(word.toLowerCase(), key.toLowerCase())
    if (distance <= limit && (!best || distance < best.distance))
      best = { key, distance }
  }
  return best?.key
}
