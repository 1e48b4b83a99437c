import type { Violation } from "../../../../src/shipping-api/violation"

/**
 * One error, before it is put in the shape its route family answers with:
 *   shipping (doc 2, doc 4, tracking): the standard error object `{ errors: [...] }` when the
 *     request sends `X-Vendor-UnifiedErrorStructure: true`, else the older bare array (doc 4);
 *   webhook (doc 1) and token: `{ message, code }`;
 *   contact (doc 3): `{ errorCode, errorDescription, additionalCode, additionalInfo, additionalParameters }`
 *     for 400/404 and `{ message }` for 401/500.
 */
export type ErrorItem = {
  code: string
  description: string
  info?: string
  parameters?: string[]
}

export type Family = "shipping" | "webhook" | "contact" | "token"

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly items: ErrorItem[]
  ) {
    super(items.map((i) => i.description).join("; "))
  }
}

export const apiError = (
  status: number,
  code: string,
  description: string,
  parameters?: string[],
  info?: string
) =>
  new ApiError(status, [
    {
      code,
      description,
      ...(parameters ? { parameters } : {}),
      ...(info ? { info } : {}),
    },
  ])

/** Rule id as errorCode, message as errorDescription, source as additionalInfo, path as parameter. */
export function violationsError(violations: readonly Violation[]): ApiError {
  return new ApiError(
    400,
    violations.map((v) => ({
      code: v.rule,
      description: v.message,
      info: v.source,
      parameters: [v.path],
    }))
  )
}

/** Doc 1 `code` values (doc 4: "strings such as unauthorized, validation_error, not_found"). */
function doc1Code(status: number, item: ErrorItem | undefined): string {
  if (status === 401) return "unauthorized"
  if (status === 404) return "not_found"
  if (status === 400)
    return item && /^[a-z_]+$/.test(item.code) ? item.code : "validation_error"
  if (status === 429) return "too_many_requests"
  if (status === 503) return "service_unavailable"
  return "internal_error"
}

export function errorBody(
  family: Family,
  status: number,
  items: ErrorItem[],
  unified: boolean
): unknown {
  const message = items.map((i) => i.description).join("; ")
  switch (family) {
    case "shipping":
      return unified
        ? {
            errors: items.map((i) => ({
              errorCode: i.code,
              errorDescription: i.description,
              ...(i.info ? { additionalInfo: i.info } : {}),
              parameters: i.parameters ?? [],
            })),
          }
        : items.map((i) => ({
            errorCode: i.code,
            message: i.description,
            ...(i.info ? { additionalInfo: i.info } : {}),
            parameters: i.parameters ?? [],
          }))
    case "webhook":
    case "token":
      return { message, code: doc1Code(status, items[0]) }
    case "contact":
      if (status === 400 || status === 404) {
        return {
          errorCode: status === 404 ? "not_found" : "validation_error",
          errorDescription: message,
          additionalCode: items[0]?.code ?? "",
          additionalInfo: items
            .map((i) => i.info)
            .filter(Boolean)
            .join("; "),
          additionalParameters: items.flatMap((i) => i.parameters ?? []),
        }
      }
      return { message }
  }
}
