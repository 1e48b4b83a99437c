// ESLint (typescript-eslint's recommended rules) over the plugin, the sandbox, tests, scripts and
// benches; formatting is Prettier's (.prettierrc, Medusa's own settings), not ESLint's.
import js from "@eslint/js"
import tseslint from "typescript-eslint"

export default tseslint.config(
  {
    ignores: [
      ".medusa/**",
      "node_modules/**",
      ".test-results/**",
      ".demo/**",
      "coverage/**",
      "packages/*/dist/**",
      ".storefront-test/**",
      ".node-lines/**",
      "integration-tests/storefront-app/.next/**",
      "integration-tests/storefront-app/next-env.d.ts",
      "**/*.js",
      "**/*.mjs",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      // Unused names are errors, except the ones that document a position (`_request`).
      "@typescript-eslint/no-unused-vars": [
        "error",
        {
          argsIgnorePattern: "^_",
          varsIgnorePattern: "^_",
          caughtErrors: "none",
        },
      ],
    },
  },
  {
    // Tests, the dev app, benches and scripts read loosely typed API answers (`data.order.…`):
    // `any` there is the JSON's honest type. The plugin's own code stays without it.
    files: [
      "**/__tests__/**",
      "integration-tests/**",
      "dev/**",
      "bench/**",
      "scripts/**",
    ],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  }
)
