/**
 * The smallest storefront that shows checkout's refusal: one page, plain JS against the store
 * API, a shipping-address form and a "Use this shipping option" button. It is loaded into the
 * backend's own origin (page.setContent after a page of the backend), so no CORS setting is
 * needed. It renders Medusa's error message and the plugin's problems field by field, as
 * docs/storefront.md tells a storefront to.
 */
export function storefrontPage(input: {
  publishableKey: string
  regionId: string
  salesChannelId: string
  variantId: string
  optionId: string
  address: Record<string, string>
}): string {
  const config = JSON.stringify(input)
  return `<!doctype html>
<html><head><meta charset="utf-8"><title>Checkout</title>
<style>
  body { font: 15px/1.4 system-ui, sans-serif; margin: 32px; max-width: 560px; color: #111 }
  label { display: block; margin: 6px 0 } input { width: 100%; padding: 6px; box-sizing: border-box }
  button { margin-top: 12px; padding: 8px 14px } .error { color: #b00020; margin-top: 16px }
  .problem { margin: 4px 0 } .field { font-family: monospace; color: #555 } .ok { color: #0a7a2f; margin-top: 16px }
</style></head>
<body>
<h1>Checkout</h1>
<form id="address"></form>
<button id="choose" type="button">Use International Standard shipping</button>
<div id="result" data-testid="checkout-result"></div>
<script>
const cfg = ${config};
const form = document.getElementById("address");
for (const [k, v] of Object.entries(cfg.address)) {
  form.insertAdjacentHTML("beforeend", '<label>' + k + '<input name="' + k + '" value="' + v + '"></label>');
}
const call = async (method, path, body) => {
  const res = await fetch(path, { method, headers: { "content-type": "application/json", "x-publishable-api-key": cfg.publishableKey }, body: body && JSON.stringify(body) });
  const data = await res.json();
  if (!res.ok) throw Object.assign(new Error(data.message), { body: data });
  return data;
};
document.getElementById("choose").onclick = async () => {
  const out = document.getElementById("result");
  out.textContent = "";
  const { cart } = await call("POST", "/store/carts", { region_id: cfg.regionId, sales_channel_id: cfg.salesChannelId, email: "shopper@example.com" });
  await call("POST", "/store/carts/" + cart.id + "/line-items", { variant_id: cfg.variantId, quantity: 1 });
  const address = Object.fromEntries(new FormData(form));
  await call("POST", "/store/carts/" + cart.id, { shipping_address: address });
  try {
    await call("POST", "/store/carts/" + cart.id + "/shipping-methods", { option_id: cfg.optionId });
    out.innerHTML = '<p class="ok" data-testid="checkout-ok">Shipping chosen.</p>';
  } catch (e) {
    const problems = (e.body?.shipping_services?.checks ?? []).flatMap((c) => c.problems);
    out.innerHTML = '<p class="error" data-testid="checkout-error"></p>' + problems.map(() => '<p class="problem" data-testid="checkout-problem"><span class="field"></span> <span class="message"></span></p>').join("");
    out.querySelector("[data-testid=checkout-error]").textContent = e.message;
    out.querySelectorAll("[data-testid=checkout-problem]").forEach((el, i) => {
      el.querySelector(".field").textContent = problems[i].field;
      el.querySelector(".message").textContent = problems[i].message;
    });
  }
};
</script>
</body></html>`
}
