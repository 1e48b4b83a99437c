import type { MedusaContainer } from "@medusajs/framework/types"
import {
  ContainerRegistrationKeys,
  generateJwtToken,
  Modules,
} from "@medusajs/framework/utils"

export const ADMIN_EMAIL = "admin@shipping-services.test"

/** Creates an admin user and returns request headers that authenticate as it (JWT bearer). */
export async function adminHeaders(
  container: MedusaContainer
): Promise<{ headers: Record<string, string> }> {
  const userModule = container.resolve(Modules.USER)
  const authModule = container.resolve(Modules.AUTH)
  const existing = await userModule.listUsers({ email: ADMIN_EMAIL })
  const user =
    existing[0] ?? (await userModule.createUsers({ email: ADMIN_EMAIL }))
  const authIdentity = await authModule.createAuthIdentities({
    provider_identities: [
      { provider: "emailpass", entity_id: `${Date.now()}-${ADMIN_EMAIL}` },
    ],
    app_metadata: { user_id: user.id },
  })
  const config = container.resolve(ContainerRegistrationKeys.CONFIG_MODULE)
  const { jwtSecret, jwtOptions } = config.projectConfig.http
  const token = generateJwtToken(
    {
      actor_id: user.id,
      actor_type: "user",
      auth_identity_id: authIdentity.id,
      app_metadata: { user_id: user.id },
    },
    { secret: jwtSecret!, expiresIn: "1d", jwtOptions }
  )
  return { headers: { authorization: `Bearer ${token}` } }
}
