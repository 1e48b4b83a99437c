import { clx } from "@modules/common/components/ui"

export default function Divider({ className }: { className?: string }) {
  return (
    <div
      className={clx("mt-1 h-px w-full border-b border-gray-200", className)}
    />
  )
}
