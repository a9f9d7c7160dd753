//! A minimal, valid one-page PDF of text lines (Helvetica), for invoices.
//!
//! Hand-built rather than a PDF crate: an invoice is a dozen lines of text, and the
//! crates that lay out PDFs bring image and font stacks that would double the build
//! on two cores. The structure is PDF 1.4's smallest: catalog, pages, one page, one
//! standard font, one content stream, and a cross-reference table of byte offsets.

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

/// A PDF string literal's body: printable ASCII, with `\`, `(` and `)` escaped.
fn escape(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    for c in line.chars() {
        match c {
            '\\' | '(' | ')' => {
                out.push('\\');
                out.push(c);
            }
            ' '..='~' => out.push(c),
            _ => out.push('?'),
        }
    }
    out
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
        assert!(text.contains("(?n?code) Tj"));
        let xref_at: usize = text.rsplit("startxref\n").next().unwrap().lines().next().unwrap().parse().unwrap();
        assert!(text[xref_at..].starts_with("xref\n0 6\n"));
        for (i, line) in text[xref_at..].lines().skip(3).take(5).enumerate() {
            let offset: usize = line[..10].parse().unwrap();
            assert!(text[offset..].starts_with(&format!("{} 0 obj", i + 1)), "object {}", i + 1);
        }
    }
}
