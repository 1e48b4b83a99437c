// Moved to src/lib (workflow steps use them; workflows sit below orchestration).
export * from "../lib/action-error"
