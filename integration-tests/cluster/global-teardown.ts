import { dropClusterTemplate } from "../../dev/cluster-template"

export default async function globalTeardown() {
  await dropClusterTemplate()
}
