import { errorRecord } from "../../../lib/errors"

// A compensation is never told the error: its words go on the attempt before the error goes on.
export async function createNotingError<T>(
  create: () => Promise<T>,
  note: (lastError: Record<string, unknown>) => Promise<unknown>
): Promise<T> {
  try {
    return await create()
  } catch (error) {
    // Best effort: the error itself must go on even when its words cannot be written.
    await note(errorRecord(error)).catch(() => undefined)
    throw error
  }
}
