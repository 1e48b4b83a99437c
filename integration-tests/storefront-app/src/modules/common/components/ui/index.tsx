import clsx from "clsx"
import {
  forwardRef,
  type ButtonHTMLAttributes,
  type HTMLAttributes,
} from "react"

// The starter's small UI kit, the parts its checkout and account pages use here.
export { clsx as clx }

export const Text = forwardRef<
  HTMLParagraphElement,
  HTMLAttributes<HTMLParagraphElement>
>(({ className, ...props }, ref) => (
  <p ref={ref} className={clsx("text-base", className)} {...props} />
))
Text.displayName = "Text"

export const Heading = forwardRef<
  HTMLHeadingElement,
  HTMLAttributes<HTMLHeadingElement> & { level?: "h1" | "h2" | "h3" }
>(({ className, level: Tag = "h2", ...props }, ref) => (
  <Tag
    ref={ref}
    className={clsx("font-semibold", Tag === "h2" && "text-2xl", className)}
    {...props}
  />
))
Heading.displayName = "Heading"

export const Button = forwardRef<
  HTMLButtonElement,
  ButtonHTMLAttributes<HTMLButtonElement> & {
    variant?: "primary" | "secondary" | "transparent"
    size?: "small" | "medium" | "large"
    isLoading?: boolean
  }
>(
  (
    {
      className,
      variant = "primary",
      size = "medium",
      isLoading,
      disabled,
      children,
      ...props
    },
    ref
  ) => (
    <button
      ref={ref}
      disabled={disabled || isLoading}
      className={clsx(
        "inline-flex items-center justify-center rounded-md font-medium disabled:pointer-events-none disabled:opacity-50",
        variant === "primary" && "bg-black text-white",
        variant === "secondary" && "border border-gray-200 bg-white",
        size === "medium" && "h-10 px-4",
        size === "large" && "h-12 px-6 text-lg",
        className
      )}
      {...props}
    >
      {isLoading ? "Loading..." : children}
    </button>
  )
)
Button.displayName = "Button"

export const Container = forwardRef<
  HTMLDivElement,
  HTMLAttributes<HTMLDivElement>
>(({ className, ...props }, ref) => (
  <div
    ref={ref}
    className={clsx("rounded-lg bg-white p-4", className)}
    {...props}
  />
))
Container.displayName = "Container"
