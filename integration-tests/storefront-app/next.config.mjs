import path from "node:path"
import { fileURLToPath } from "node:url"

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  // The repository lints with its own ESLint; this app has none installed.
  eslint: { ignoreDuringBuilds: true },
  // This app is its own project, though it sits in the repository (which has a lockfile too).
  outputFileTracingRoot: path.dirname(fileURLToPath(import.meta.url)),
}

export default nextConfig
