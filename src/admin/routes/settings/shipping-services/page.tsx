import { defineRouteConfig } from "@medusajs/admin-sdk"
import { TruckFast } from "@medusajs/icons"
import { CloseOutSection } from "../../../components/settings/close-out-section"
import { ConnectionSection } from "../../../components/settings/connection-section"
import { ContactSection } from "../../../components/settings/contact-section"
import { HealthSection } from "../../../components/settings/health-section"
import { OrphansSection } from "../../../components/settings/orphans-section"
import { ReadinessSection } from "../../../components/settings/readiness-section"
import { ReturnsSection } from "../../../components/settings/returns-section"
import { ServicesSection } from "../../../components/settings/services-section"
import { SetupSection } from "../../../components/settings/setup-section"
import { WebhooksSection } from "../../../components/settings/webhooks-section"

/** Settings → Shipping services: is the store connected, registered, and what does it offer. */
const ShippingServicesSettingsPage = () => (
  <div
    className="flex flex-col gap-y-3"
    data-testid="shipping-services-settings"
  >
    <HealthSection />
    <ConnectionSection />
    <WebhooksSection />
    <ContactSection />
    <ServicesSection />
    <SetupSection />
    <ReadinessSection />
    <ReturnsSection />
    <CloseOutSection />
    <OrphansSection />
  </div>
)

export const config = defineRouteConfig({
  label: "Shipping services",
  icon: TruckFast,
})

export default ShippingServicesSettingsPage
