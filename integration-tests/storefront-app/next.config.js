/**
 * The starter's next.config.js, less what this app does not use (images, its env check), and
 * with the types checked: the starter sets `typescript.ignoreBuildErrors`, which would hide the
 * kit failing to resolve under its "moduleResolution": "node".
 * @type {import('next').NextConfig}
 */
const nextConfig = {
  reactStrictMode: true,
  // The repository lints with its own ESLint; this app has none installed.
  eslint: { ignoreDuringBuilds: true },
  // This app is its own project, though it sits in the repository (which has a lockfile too).
  outputFileTracingRoot: __dirname,
}

module.exports = nextConfig
