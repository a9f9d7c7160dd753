//! A minimal, valid one-page PDF of text lines (Helvetica), for invoices.
//!
//! Hand-built rather than a PDF crate: an invoice is a dozen lines of text, and the
//! crates that lay out PDFs bring image and font stacks that would double the build
//! on two cores. The structure is PDF 1.4's smallest: catalog, pages, one page, one
//! standard font, one content stream, and a cross-reference table of byte offsets.
//!
//! Text is written in the font's WinAnsiEncoding (Windows-1252), which every PDF reader
//! has for the standard fonts without embedding one: each character is its cp1252 byte,
//! written as an octal escape (`ñ` is `\361`), so Spanish (ñ, á, é, ü, ¿, ¡) and the
//! other Western European languages, `€`, dashes and curly quotes print as they are.
//! Only a character cp1252 lacks (Greek, Cyrillic, CJK, emoji) prints as `?`; names in
//! those scripts would need a PDF with an embedded Unicode font.

/// The PDF of `lines`, top to bottom, 12 pt, one US Letter page (long lists are cut).
pub fn text_page(lines: &[String]) -> Vec<u8> {
    let mut content = String::from("BT /F1 12 Tf 16 TL 56 740 Td\n");
    for line in lines.iter().take(44) {
        content.push_str(&format!("({}) Tj T*\n", escape(line)));
    }
    content.push_str("ET\n");
    let objects = [
        "<< /Type /Catalog /Pages 2 0 R >>".to_owned(),
        "<< /Type /Pages /Kids [3 0 R] /Count 1 >>".to_owned(),
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>"
            .to_owned(),
        "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>".to_owned(),
        format!("<< /Length {} >>\nstream\n{content}endstream", content.len()),
    ];
    let mut out = b"%PDF-1.4\n".to_vec();
    let mut offsets = Vec::with_capacity(objects.len());
    for (i, object) in objects.iter().enumerate() {
        offsets.push(out.len());
        out.extend_from_slice(format!("{} 0 obj\n{object}\nendobj\n", i + 1).as_bytes());
    }
    let xref_at = out.len();
    out.extend_from_slice(format!("xref\n0 {}\n0000000000 65535 f \n", objects.len() + 1).as_bytes());
    for offset in offsets {
        out.extend_from_slice(format!("{offset:010} 00000 n \n").as_bytes());
    }
    out.extend_from_slice(
        format!("trailer\n<< /Size {} /Root 1 0 R >>\nstartxref\n{xref_at}\n%%EOF\n", objects.len() + 1).as_bytes(),
    );
    out
}

/// A PDF string literal's body, ASCII only: printable ASCII as it is with `\`, `(` and `)`
/// escaped, every other cp1252 character as its byte in octal, anything else `?`.
fn escape(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    for c in line.chars() {
        match c {
            '\\' | '(' | ')' => {
                out.push('\\');
                out.push(c);
            }
            ' '..='~' => out.push(c),
            c => match cp1252(c) {
                Some(byte) => out.push_str(&format!("\\{byte:03o}")),
                None => out.push('?'),
            },
        }
    }
    out
}

/// The Windows-1252 byte of `c` above ASCII, if it has one: Latin-1's letters and signs
/// keep their code (U+00A0-U+00FF), and 0x80-0x9F hold `€`, typographic quotes and dashes,
/// and a few letters (Š, Œ, Ž, Ÿ and their small forms).
fn cp1252(c: char) -> Option<u8> {
    const HIGH: [(char, u8); 27] = [
        ('€', 0x80),
        ('‚', 0x82),
        ('ƒ', 0x83),
        ('„', 0x84),
        ('…', 0x85),
        ('†', 0x86),
        ('‡', 0x87),
        ('ˆ', 0x88),
        ('‰', 0x89),
        ('Š', 0x8A),
        ('‹', 0x8B),
        ('Œ', 0x8C),
        ('Ž', 0x8E),
        ('\u{2018}', 0x91),
        ('\u{2019}', 0x92),
        ('\u{201C}', 0x93),
        ('\u{201D}', 0x94),
        ('•', 0x95),
        ('–', 0x96),
        ('—', 0x97),
        ('˜', 0x98),
        ('™', 0x99),
        ('š', 0x9A),
        ('›', 0x9B),
        ('œ', 0x9C),
        ('ž', 0x9E),
        ('Ÿ', 0x9F),
    ];
    match u32::from(c) {
        code @ 0xA0..=0xFF => u8::try_from(code).ok(),
        _ => HIGH.iter().find(|(high, _)| *high == c).map(|(_, byte)| *byte),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cross_reference_table_points_at_each_object() {
        let pdf = text_page(&["Invoice (test) \\ 100%".to_owned(), "Ünïcode".to_owned()]);
        let text = String::from_utf8(pdf.clone()).unwrap();
        assert!(text.starts_with("%PDF-1.4\n") && text.ends_with("%%EOF\n"));
        assert!(text.contains("(Invoice \\(test\\) \\\\ 100%) Tj"));
        assert!(text.contains("(\\334n\\357code) Tj"), "{text}");
        let xref_at: usize = text.rsplit("startxref\n").next().unwrap().lines().next().unwrap().parse().unwrap();
        assert!(text[xref_at..].starts_with("xref\n0 6\n"));
        for (i, line) in text[xref_at..].lines().skip(3).take(5).enumerate() {
            let offset: usize = line[..10].parse().unwrap();
            assert!(text[offset..].starts_with(&format!("{} 0 obj", i + 1)), "object {}", i + 1);
        }
    }

    #[test]
    fn spanish_is_written_in_win_ansi() {
        assert_eq!(escape("Muñoz"), "Mu\\361oz");
        assert_eq!(escape("¿Cuánto? ¡Sí! 10 €"), "\\277Cu\\341nto? \\241S\\355! 10 \\200");
        assert_eq!(escape("José – “Ñandú”"), "Jos\\351 \\226 \\223\\321and\\372\\224");
        assert_eq!(escape("Ωμέγα 漢 🙂"), "????? ? ?", "outside cp1252");
        assert_eq!(escape("a\u{a0}b"), "a\\240b");
    }
}
