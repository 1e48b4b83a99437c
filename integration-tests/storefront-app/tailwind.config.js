// As Medusa's dtc-starter has it: Medusa's UI preset, the breakpoints and radii its pages use;
// and the kit's components among the files Tailwind reads for class names (the storefront
// guide's step 2).
module.exports = {
  darkMode: "class",
  presets: [require("@medusajs/ui-preset")],
  content: [
    "./src/**/*.{js,ts,jsx,tsx}",
    "./node_modules/medusa-plugin-shipping-services-storefront/dist/**/*.js",
  ],
  theme: {
    extend: {
      screens: { small: "1024px" },
      borderRadius: { rounded: "8px" },
    },
  },
}
