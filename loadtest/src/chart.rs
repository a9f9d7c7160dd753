//! A small hand-written SVG chart: panels stacked vertically, each a set of line series
//! over the run's seconds (x), with its own linear y axis. No dependency, readable in any
//! browser and in the repository's Markdown preview.

use std::fmt::Write;

/// One panel: a title and named series, one value per second.
#[derive(Debug, Clone)]
pub struct Panel {
    pub title: String,
    pub series: Vec<(String, Vec<f64>)>,
}

const WIDTH: f64 = 900.0;
const PANEL_HEIGHT: f64 = 240.0;
const LEFT: f64 = 70.0;
const RIGHT: f64 = 20.0;
const TOP: f64 = 40.0;
const BOTTOM: f64 = 30.0;
const COLORS: [&str; 5] = ["#1f77b4", "#d62728", "#7f7f7f", "#2ca02c", "#9467bd"];

/// A rounded step for about five ticks up to `max`.
fn tick_step(max: f64) -> f64 {
    let raw = (max / 5.0).max(f64::MIN_POSITIVE);
    let magnitude = 10f64.powf(raw.log10().floor());
    let step = [1.0, 2.0, 2.5, 5.0, 10.0].into_iter().map(|m| m * magnitude).find(|s| *s >= raw);
    step.unwrap_or(10.0 * magnitude)
}

fn label(value: f64) -> String {
    if value >= 10_000.0 {
        format!("{:.0}k", value / 1000.0)
    } else if value >= 10.0 || value == 0.0 {
        format!("{value:.0}")
    } else {
        format!("{value:.1}")
    }
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

/// The whole chart as an SVG document.
pub fn render(title: &str, panels: &[Panel]) -> String {
    let height = 30.0 + panels.len() as f64 * PANEL_HEIGHT;
    let mut svg = String::new();
    let _ = write!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" viewBox="0 0 {WIDTH} {height}" font-family="sans-serif" font-size="11">"#
    );
    let _ = write!(svg, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let _ = write!(svg, r#"<text x="{LEFT}" y="20" font-size="14" font-weight="bold">{}</text>"#, escape(title));
    for (index, panel) in panels.iter().enumerate() {
        draw_panel(&mut svg, panel, 30.0 + index as f64 * PANEL_HEIGHT);
    }
    svg.push_str("</svg>\n");
    svg
}

fn draw_panel(svg: &mut String, panel: &Panel, y0: f64) {
    let (plot_w, plot_h) = (WIDTH - LEFT - RIGHT, PANEL_HEIGHT - TOP - BOTTOM);
    let (px, py) = (LEFT, y0 + TOP);
    let points = panel.series.iter().map(|(_, v)| v.len()).max().unwrap_or(0).max(2);
    let max = panel.series.iter().flat_map(|(_, v)| v.iter().copied()).filter(|v| v.is_finite()).fold(0.0, f64::max);
    let step = tick_step(if max > 0.0 { max } else { 1.0 });
    let top = (max / step).ceil().max(1.0) * step;
    let x = |i: usize| px + plot_w * i as f64 / (points - 1) as f64;
    let y = |v: f64| py + plot_h - plot_h * (v / top).clamp(0.0, 1.0);

    let _ = write!(svg, r#"<text x="{px}" y="{}" font-size="12">{}</text>"#, py - 8.0, escape(&panel.title));
    let mut tick = 0.0;
    while tick <= top + step / 2.0 {
        let ty = y(tick);
        let _ = write!(
            svg,
            r##"<line x1="{px}" y1="{ty:.1}" x2="{:.1}" y2="{ty:.1}" stroke="#e5e5e5"/><text x="{:.1}" y="{:.1}" text-anchor="end">{}</text>"##,
            px + plot_w,
            px - 6.0,
            ty + 4.0,
            label(tick)
        );
        tick += step;
    }
    let x_step = tick_step((points - 1) as f64).max(1.0) as usize;
    for i in (0..points).step_by(x_step) {
        let _ = write!(svg, r#"<text x="{:.1}" y="{:.1}" text-anchor="middle">{i}s</text>"#, x(i), py + plot_h + 16.0);
    }
    let _ = write!(svg, r##"<rect x="{px}" y="{py}" width="{plot_w}" height="{plot_h}" fill="none" stroke="#999"/>"##);
    for (index, (name, values)) in panel.series.iter().enumerate() {
        let color = COLORS[index % COLORS.len()];
        let line: Vec<String> = values
            .iter()
            .enumerate()
            .map(|(i, v)| format!("{:.1},{:.1}", x(i), y(if v.is_finite() { *v } else { 0.0 })))
            .collect();
        let _ =
            write!(svg, r#"<polyline fill="none" stroke="{color}" stroke-width="1.5" points="{}"/>"#, line.join(" "));
        let lx = px + plot_w - 150.0 + 0.0 * index as f64;
        let ly = py + 14.0 + 14.0 * index as f64;
        let _ = write!(
            svg,
            r#"<line x1="{lx}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="{color}" stroke-width="2"/><text x="{:.1}" y="{ly:.1}">{}</text>"#,
            ly - 4.0,
            lx + 18.0,
            ly - 4.0,
            lx + 24.0,
            escape(name)
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_chart_is_an_svg_with_a_line_per_series() {
        let panels = [Panel {
            title: "latency <ms>".into(),
            series: vec![("p50".into(), vec![1.0, 2.0, 3.0]), ("p99".into(), vec![2.0, 5.0, 9.5])],
        }];
        let svg = render("fanout & co", &panels);
        assert!(svg.starts_with("<svg") && svg.ends_with("</svg>\n"));
        assert_eq!(svg.matches("<polyline").count(), 2);
        assert!(svg.contains("fanout &amp; co") && svg.contains("latency &lt;ms&gt;"));
    }

    #[test]
    fn ticks_are_round_numbers() {
        assert_eq!(tick_step(100.0), 20.0);
        assert_eq!(tick_step(9.0), 2.0);
        assert_eq!(tick_step(120_000.0), 25_000.0);
    }
}
