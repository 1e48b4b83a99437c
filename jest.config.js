const { loadEnv } = require("@medusajs/framework/utils")
loadEnv("test", process.cwd())

// Six groups (TEST_TYPE): unit = pure code and local HTTP, no database;
// modules = the plugin's module against PostgreSQL; http = the whole app over HTTP;
// cluster = server and worker processes on Redis (dev/cluster.ts);
// install = the packed plugin installed into a fresh Medusa app, as README says;
// browser = the admin in Chromium against `medusa develop`.
const groups = {
  unit: [
    "<rootDir>/src/**/__tests__/**/*.unit.spec.[jt]s?(x)",
    "<rootDir>/bench/**/__tests__/**/*.unit.spec.[jt]s",
    "<rootDir>/dev/**/__tests__/**/*.unit.spec.[jt]s",
    "<rootDir>/packages/*/src/**/__tests__/**/*.unit.spec.[jt]s?(x)",
  ],
  "integration:modules": ["<rootDir>/src/modules/*/__tests__/**/*.spec.[jt]s"],
  "integration:http": ["<rootDir>/integration-tests/http/**/*.spec.[jt]s"],
  cluster: ["<rootDir>/integration-tests/cluster/**/*.spec.[jt]s"],
  install: ["<rootDir>/integration-tests/install/**/*.spec.[jt]s"],
  browser: ["<rootDir>/integration-tests/browser/**/*.spec.[jt]s"],
}

const type = process.env.TEST_TYPE
const os = require("node:os")
if (type && !groups[type]) {
  throw new Error(`TEST_TYPE must be one of ${Object.keys(groups).join(", ")}`)
}

module.exports = {
  transform: {
    "^.+\\.[jt]sx?$": [
      "@swc/jest",
      {
        jsc: {
          parser: { syntax: "typescript", tsx: true, decorators: true },
          transform: { react: { runtime: "automatic" } },
        },
      },
    ],
  },
  // Jest's node environment with a plain global object (dev/jest-environment.js) where it was
  // measured: the unit and modules groups.
  testEnvironment:
    type === "unit" || type === "integration:modules"
      ? "<rootDir>/dev/jest-environment.js"
      : "node",
  // Jest's runtime, its modules' compiled code shared between the test files of a worker
  // (dev/jest-runtime.js).
  runtime: "<rootDir>/dev/jest-runtime.js",
  moduleFileExtensions: ["js", "ts", "tsx", "json"],
  modulePathIgnorePatterns: [
    "dist/",
    "<rootDir>/.medusa/",
    // The browser tests' storefront app: its own package (Next.js, React 19), never jest's.
    "<rootDir>/integration-tests/storefront-app/",
  ],
  // The storefront kit's sources import each other as `./x.js` (an ES module package, as Node
  // and bundlers resolve it); here they are the .ts/.tsx files themselves. No other source of
  // the repository imports a relative .js file.
  moduleNameMapper: { "^(\\.{1,2}/.+)\\.js$": "$1" },
  setupFiles: ["<rootDir>/integration-tests/setup.js"],
  // The unit group is pure CPU: jest's default (one worker fewer than cores) leaves a 2-core
  // machine with one worker, where two finish it in 56 s instead of 102 s.
  // Its first test in a file may start a sandbox and render its first label: in CI the group runs
  // beside others (the other Node.js lines), and at a load of 12 on 2 cores that took over
  // jest's default 5 s. A hang still fails, at 20 s.
  ...(type === "unit"
    ? {
        maxWorkers: Math.max(2, os.availableParallelism() - 1),
        testTimeout: 20_000,
      }
    : {}),
  // Without a TEST_TYPE, every group but the browser's and the cluster's (they start their own
  // processes: Chromium, Medusa servers and workers).
  testMatch: type
    ? groups[type]
    : [
        groups.unit,
        groups["integration:modules"],
        groups["integration:http"],
      ].flat(),
  ...(type === "integration:http"
    ? {
        globalSetup: "<rootDir>/integration-tests/global-setup.ts",
        globalTeardown: "<rootDir>/integration-tests/global-teardown.ts",
        setupFilesAfterEnv: [
          "<rootDir>/integration-tests/settle-background.ts",
          "<rootDir>/integration-tests/pg-busy-client.ts",
        ],
      }
    : {}),
  // The cluster group's files copy a migrated template (dev/cluster-template.ts).
  ...(type === "cluster"
    ? {
        globalTeardown:
          "<rootDir>/integration-tests/cluster/global-teardown.ts",
      }
    : {}),
  // The browser group's spec files copy one migrated database with the admin user.
  ...(type === "browser"
    ? {
        globalSetup: "<rootDir>/integration-tests/browser/global-setup.ts",
        globalTeardown:
          "<rootDir>/integration-tests/browser/global-teardown.ts",
      }
    : {}),
}
