//! What an invoice says, in the payer's language (English or Spanish, [`Language`]):
//! its fixed words, the payments' labels, how a split's line and a payment's method read.
//! Money and dates are written by [`Language::money`] and [`Language::date`].

use crate::shared::locale::Language;

/// An invoice's fixed words in one language.
pub struct Words {
    pub title: &'static str,
    pub date: &'static str,
    pub contest: &'static str,
    pub project: &'static str,
    pub billed_to: &'static str,
    pub test_mode: &'static str,
    pub payment: &'static str,
    pub by: &'static str,
    pub refunded: &'static str,
    pub of_which: &'static str,
    pub total_paid: &'static str,
    pub and: &'static str,
}

const EN: Words = Words {
    title: "Vitrine - Invoice",
    date: "Date",
    contest: "Contest",
    project: "Project",
    billed_to: "Billed to",
    test_mode: "TEST MODE: no real card was charged.",
    payment: "Payment",
    by: "by",
    refunded: "refunded",
    of_which: "of which",
    total_paid: "Total paid",
    and: "and",
};

const ES: Words = Words {
    title: "Vitrine - Factura",
    date: "Fecha",
    contest: "Concurso",
    project: "Proyecto",
    billed_to: "Facturado a",
    test_mode: "MODO DE PRUEBA: no se cobró ninguna tarjeta real.",
    payment: "Pago",
    by: "con",
    refunded: "reembolsado",
    of_which: "de lo cual",
    total_paid: "Total pagado",
    and: "y",
};

pub fn words(language: Language) -> &'static Words {
    match language {
        Language::En => &EN,
        Language::Es => &ES,
    }
}

/// A payment's label (as the payable kinds name them, in English) in `language`; a label
/// without a Spanish entry stays as it is.
pub fn label(language: Language, english: &'static str) -> &'static str {
    const SPANISH: [(&str, &str); 8] = [
        ("Payment", "Pago"),
        ("Contest launch", "Lanzamiento del concurso"),
        ("Upgrades", "Mejoras"),
        ("Extension", "Extensión"),
        ("Prize increase", "Aumento del premio"),
        ("Additional design", "Diseño adicional"),
        ("Approved bid", "Propuesta aprobada"),
        ("Budget increase", "Aumento del presupuesto"),
    ];
    match language {
        Language::En => english,
        Language::Es => SPANISH.iter().find(|(en, _)| *en == english).map_or(english, |(_, es)| es),
    }
}

/// How a payment of `provider` was made, as an invoice says it.
pub fn method(language: Language, provider: &str) -> &'static str {
    match (language, provider) {
        (_, "paypal") => "PayPal",
        (Language::En, "none") => "nothing to pay (coupon)",
        (Language::Es, "none") => "nada que pagar (cupón)",
        (Language::En, "manual") => "received outside Vitrine, recorded by an admin",
        (Language::Es, "manual") => "recibido fuera de Vitrine, registrado por un administrador",
        (Language::En, _) => "card through Stripe",
        (Language::Es, _) => "tarjeta a través de Stripe",
    }
}

/// How a split's line reads (`held` money names the work it is held for; `what` is the
/// designer's work's title).
pub fn split(language: Language, account: &str, work_kind: Option<&str>, what: &str) -> String {
    let es = language == Language::Es;
    let text = match (account, work_kind) {
        ("designer", _) if es => return format!("para el diseñador: {what}"),
        ("designer", _) => return format!("to the designer: {what}"),
        ("held", Some("prize")) if es => "premio, retenido para el ganador",
        ("held", Some("prize")) => "prize, held for the winner",
        ("held", Some("project")) if es => "retenido para el diseñador hasta que el proyecto termine",
        ("held", Some("project")) => "held for the designer until the project completes",
        ("held", Some("additional_entry")) if es => "retenido para el diseñador hasta que el diseño se acredite",
        ("held", Some("additional_entry")) => "held for the designer until the design is credited",
        ("held", Some(_)) if es => "propina, retenida para el diseñador hasta su aprobación",
        ("held", Some(_)) => "tip, held for the designer until approved",
        ("fee", _) if es => "comisión de Vitrine",
        ("fee", _) => "Vitrine's fee",
        ("tax", _) if es => "impuestos",
        ("tax", _) => "tax",
        ("refund_due", _) if es => "a devolverte",
        ("refund_due", _) => "due back to you",
        (other, _) => other,
    };
    text.to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_method_is_the_payment_provider() {
        assert_eq!(method(Language::En, "paypal"), "PayPal");
        assert_eq!(method(Language::En, "stripe"), "card through Stripe");
        assert_eq!(method(Language::En, "none"), "nothing to pay (coupon)");
        assert_eq!(method(Language::Es, "stripe"), "tarjeta a través de Stripe");
        assert_eq!(method(Language::Es, "none"), "nada que pagar (cupón)");
    }

    #[test]
    fn labels_and_splits_read_in_spanish() {
        assert_eq!(label(Language::Es, "Contest launch"), "Lanzamiento del concurso");
        assert_eq!(label(Language::En, "Contest launch"), "Contest launch");
        assert_eq!(label(Language::Es, "Something new"), "Something new");
        assert_eq!(split(Language::Es, "designer", None, "Logo"), "para el diseñador: Logo");
        assert_eq!(split(Language::En, "held", Some("prize"), ""), "prize, held for the winner");
        assert_eq!(split(Language::Es, "held", Some("prize"), ""), "premio, retenido para el ganador");
    }
}
