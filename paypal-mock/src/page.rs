//! The approval page a buyer sees at `/checkoutnow?token={order id}` (the order's
//! `payer-action` link): who is paid, what for and how much, with 'Pay Now' (or
//! 'Continue', per the order's `user_action`), 'Pay with a card that declines' and
//! 'Cancel and return'. Plain HTML with inline styles:
//! it stands in for PayPal's own page and must work in any browser without assets.

use crate::ledger::Order;

/// Escapes text for HTML content and attribute values.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;").replace('\'', "&#39;")
}

fn frame(title: &str, body: &str) -> String {
    format!(
        r#"<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<style>
body {{ margin: 0; font-family: system-ui, -apple-system, "Segoe UI", sans-serif; background: #f5f7fa; color: #1c2a3a; }}
header {{ background: #fff; border-bottom: 1px solid #e3e8ee; padding: 16px 24px; display: flex; align-items: center; gap: 12px; }}
.logo {{ font-weight: 800; font-size: 22px; color: #003087; letter-spacing: -0.5px; }}
.logo span {{ color: #0070e0; }}
.badge {{ font-size: 12px; font-weight: 600; background: #fff4ce; color: #7a5a00; border-radius: 999px; padding: 3px 10px; }}
main {{ max-width: 440px; margin: 40px auto; background: #fff; border: 1px solid #e3e8ee; border-radius: 12px; padding: 28px; }}
h1 {{ font-size: 20px; margin: 0 0 4px; }}
.muted {{ color: #5b6b7c; font-size: 14px; margin: 0; }}
.row {{ display: flex; justify-content: space-between; padding: 12px 0; border-top: 1px solid #eef1f5; font-size: 15px; }}
.total {{ font-weight: 700; font-size: 18px; }}
button {{ width: 100%; border: 0; border-radius: 999px; padding: 14px; font-size: 16px; font-weight: 700; cursor: pointer; }}
.pay {{ background: #0070e0; color: #fff; margin-top: 20px; }}
.pay:hover {{ background: #005ea6; }}
.cancel {{ background: none; color: #0070e0; margin-top: 8px; font-weight: 600; }}
.wallet {{ display: flex; gap: 12px; align-items: center; border: 1px solid #e3e8ee; border-radius: 8px; padding: 12px; margin-top: 16px; font-size: 14px; }}
.dot {{ width: 36px; height: 24px; border-radius: 4px; background: linear-gradient(135deg,#003087,#0070e0); }}
</style></head>
<body><header><div class="logo">Pay<span>Pal</span></div><div class="badge">Test mode: local PayPal, no real money</div></header>
<main>{body}</main></body></html>"#
    )
}

/// The page of an order awaiting the buyer's approval (or a new choice after a decline).
pub fn approval(order: &Order) -> String {
    let token = escape(&order.id);
    let brand = if order.placed.brand_name.is_empty() { "the merchant" } else { &order.placed.brand_name };
    let button = if order.placed.user_action == "PAY_NOW" { "Pay Now" } else { "Continue" };
    // A relative action: behind a deployment's proxy the page lives under a prefix
    // (`/sandbox/paypal/checkoutnow`), and the form must post back there.
    let form = |action: &str, class: &str, id: &str, label: &str| {
        format!(
            r#"<form method="post" action="checkoutnow">
<input type="hidden" name="token" value="{token}"><input type="hidden" name="action" value="{action}">
<button class="{class}" type="submit" id="{id}">{label}</button></form>"#
        )
    };
    let body = format!(
        r#"<h1>Pay {brand}</h1>
<p class="muted">Logged in as Test Buyer (buyer@example.com)</p>
<div class="row" style="margin-top:16px"><span>{description}</span></div>
<div class="row total"><span>Total</span><span data-testid="paypal-total">${value} {currency}</span></div>
<div class="wallet"><div class="dot"></div><div><strong>PayPal balance</strong><br><span class="muted">Test Buyer's wallet</span></div></div>
{pay}
{decline}
{cancel}"#,
        brand = escape(brand),
        description = escape(&order.placed.description),
        value = escape(&order.placed.value),
        currency = escape(&order.placed.currency),
        pay = form("pay", "pay", "payment-submit-btn", button),
        decline = form("pay_declining", "cancel", "decline-btn", "Pay with a card that declines"),
        cancel = form("cancel", "cancel", "cancelLink", &format!("Cancel and return to {}", escape(brand))),
    );
    frame("PayPal Checkout", &body)
}

/// The page of an unknown token or a payment already executed.
pub fn closed(message: &str) -> String {
    frame("PayPal Checkout", &format!(r#"<h1>Nothing to pay here</h1><p class="muted">{}</p>"#, escape(message)))
}
