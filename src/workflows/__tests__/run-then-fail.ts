import { asValue } from "@medusajs/framework/awilix"
import { createMedusaContainer } from "@medusajs/framework/utils"
import {
  createStep,
  createWorkflow,
  WorkflowResponse,
  type StepFunction,
} from "@medusajs/framework/workflows-sdk"

let runs = 0

/**
 * Runs `step` in a workflow whose next step fails, on Medusa's in-memory workflow engine with
 * `services` registered in the container: what the step's compensation does is then what a
 * real failure after it would do. Returns the step's result and the workflow's errors.
 */
export async function runThenFail<I extends object, O>(
  step: StepFunction<I, O>,
  input: I,
  services: Record<string, unknown>
): Promise<{ errors: string[] }> {
  const name = `test-run-then-fail-${++runs}`
  const fail = createStep(`${name}-fail`, async () => {
    throw new Error("a later step failed")
  })
  const workflow = createWorkflow(name, (data: I) => {
    const result = step(data as never)
    fail()
    return new WorkflowResponse(result)
  })
  const container = createMedusaContainer()
  for (const [key, value] of Object.entries(services))
    container.register(key, asValue(value))
  const { errors } = await workflow(container).run({
    input,
    throwOnError: false,
  })
  return { errors: errors.map((e) => e.error.message as string) }
}
