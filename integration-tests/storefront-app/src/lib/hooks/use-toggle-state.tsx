import { useState } from "react"

/** A boolean with `toggle`, as the starter's hook gives it (its object form). */
export default function useToggleState(initial = false) {
  const [state, setState] = useState(initial)
  return {
    state,
    open: () => setState(true),
    close: () => setState(false),
    toggle: () => setState((s) => !s),
  }
}
