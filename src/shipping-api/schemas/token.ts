import { z } from "../zod"

/** Doc 4: `expiresIn` is seconds, a number or a numeric string depending on the gateway. */
export const tokenResponseSchema = z.looseObject({
  access_token: z.string().min(1),
  expiresIn: z.union([
    z.number().positive(),
    z
      .string()
      .trim()
      .regex(/^\d+(\.\d+)?$/, "must be a number of seconds"),
  ]),
  token_type: z.string().optional(),
})

export type TokenResponse = z.infer<typeof tokenResponseSchema>

export type AccessToken = {
  accessToken: string
  expiresInMs: number
}

export function toAccessToken(response: TokenResponse): AccessToken {
  return {
    accessToken: response.access_token,
    expiresInMs: Number(response.expiresIn) * 1000,
  }
}
