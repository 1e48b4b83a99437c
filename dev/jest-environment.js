/**
 * Jest's node environment (jest.config.js `testEnvironment`), with one change: the test file's
 * context is made with `vm.constants.DONT_CONTEXTIFY`, an ordinary global object, where jest's
 * `vm.createContext()` gives it one behind V8's interceptors. Through those, every global a module
 * reads (`Math`, `Object`, `Buffer`...) is a call into Node, which also keeps the code reading it
 * from being optimised: pngjs rescaling a label's pixels ran five times slower in a jest context
 * than in plain Node. Everything else is jest's: the same globals installed on the context, one
 * context per test file, fake timers and mocks on it as before.
 */
const vm = require("node:vm")
const { createRequire } = require("node:module")

// The environment jest's own config loads for "node" (a dependency of jest, not of this package).
const fromJest = createRequire(require.resolve("jest/package.json"))
const fromCore = createRequire(fromJest.resolve("@jest/core/package.json"))
const fromConfig = createRequire(fromCore.resolve("jest-config/package.json"))
const { TestEnvironment } = fromConfig("jest-environment-node")

class PlainGlobalEnvironment extends TestEnvironment {
  constructor(config, context) {
    // Jest's constructor makes the context first thing, with no argument: that one call is ours.
    const createContext = vm.createContext
    vm.createContext = (...args) =>
      createContext(args.length ? args[0] : vm.constants.DONT_CONTEXTIFY)
    try {
      super(config, context)
    } finally {
      vm.createContext = createContext
    }
  }
}

module.exports = PlainGlobalEnvironment
