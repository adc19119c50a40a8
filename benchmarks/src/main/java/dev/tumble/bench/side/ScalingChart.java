package dev.tumble.bench.side;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;
import javax.imageio.ImageIO;

/**
 * Draws step time against body count on log–log axes (Java2D, headless), with reference
 * slopes n and n·log n through the point nearest 1,000 bodies.
 */
final class ScalingChart {
    private static final int W = 720, H = 480, L = 80, R = 30, T = 40, B = 60;

    private ScalingChart() {
    }

    static void write(double[][] points, Path file) throws IOException {
        System.setProperty("java.awt.headless", "true");
        BufferedImage img = new BufferedImage(W, H, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = img.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, W, H);
        double nMin = 50, nMax = 20000;
        double tMin = Double.MAX_VALUE, tMax = 0;
        for (double[] p : points) {
            tMin = Math.min(tMin, p[1]);
            tMax = Math.max(tMax, p[1]);
        }
        tMin = Math.pow(10, Math.floor(Math.log10(tMin / 2)));
        tMax = Math.pow(10, Math.ceil(Math.log10(tMax * 2)));
        final double ftMin = tMin, ftMax = tMax;
        java.util.function.DoubleUnaryOperator x = n -> L + (W - L - R) * (Math.log(n / nMin) / Math.log(nMax / nMin));
        java.util.function.DoubleUnaryOperator y = t -> H - B - (H - T - B) * (Math.log(t / ftMin) / Math.log(ftMax / ftMin));
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        g.setColor(new Color(225, 225, 225));
        for (double n = 100; n <= nMax; n *= 10) {
            int px = (int) x.applyAsDouble(n);
            g.drawLine(px, T, px, H - B);
        }
        for (double t = tMin; t <= tMax * 1.001; t *= 10) {
            int py = (int) y.applyAsDouble(t);
            g.drawLine(L, py, W - R, py);
        }
        g.setColor(Color.DARK_GRAY);
        g.drawRect(L, T, W - L - R, H - T - B);
        for (double n = 100; n <= nMax; n *= 10) {
            String s = String.format(Locale.ROOT, "%,d", (long) n);
            g.drawString(s, (int) x.applyAsDouble(n) - g.getFontMetrics().stringWidth(s) / 2, H - B + 18);
        }
        for (double t = tMin; t <= tMax * 1.001; t *= 10) {
            String s = t >= 1 ? String.format(Locale.ROOT, "%.0f", t) : String.format(Locale.ROOT, "%s", t);
            g.drawString(s, L - 8 - g.getFontMetrics().stringWidth(s), (int) y.applyAsDouble(t) + 4);
        }
        g.drawString("bodies", W / 2 - 20, H - 18);
        g.drawString("ms per step", 10, T - 14);
        g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 14));
        g.drawString("Tumble step time against body count (log–log)", L + 80, 24);
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));

        // Reference slopes through the point nearest 1,000 bodies.
        double[] ref = points[0];
        for (double[] p : points) {
            if (Math.abs(Math.log(p[0] / 1000)) < Math.abs(Math.log(ref[0] / 1000))) {
                ref = p;
            }
        }
        g.setClip(L, T, W - L - R, H - T - B);
        g.setStroke(new BasicStroke(1.2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10, new float[] {6, 5}, 0));
        drawRef(g, x, y, ref, nMin, nMax, false, new Color(120, 170, 120));
        drawRef(g, x, y, ref, nMin, nMax, true, new Color(200, 120, 120));
        g.setClip(null);
        g.setStroke(new BasicStroke(2.5f));
        g.setColor(new Color(40, 90, 200));
        for (int i = 1; i < points.length; i++) {
            g.drawLine((int) x.applyAsDouble(points[i - 1][0]), (int) y.applyAsDouble(points[i - 1][1]),
                    (int) x.applyAsDouble(points[i][0]), (int) y.applyAsDouble(points[i][1]));
        }
        for (double[] p : points) {
            int px = (int) x.applyAsDouble(p[0]), py = (int) y.applyAsDouble(p[1]);
            g.fillOval(px - 5, py - 5, 10, 10);
            g.drawString(Measure.fmt(p[1]) + " ms", px + 8, py + 16);
        }
        int lx = L + 16, ly = T + 20;
        g.setColor(new Color(40, 90, 200));
        g.fillRect(lx, ly - 8, 18, 4);
        g.setColor(Color.DARK_GRAY);
        g.drawString("Tumble (measured)", lx + 26, ly);
        g.setColor(new Color(120, 170, 120));
        g.fillRect(lx, ly + 10, 18, 2);
        g.setColor(Color.DARK_GRAY);
        g.drawString("∝ n", lx + 26, ly + 16);
        g.setColor(new Color(200, 120, 120));
        g.fillRect(lx, ly + 26, 18, 2);
        g.setColor(Color.DARK_GRAY);
        g.drawString("∝ n·log n", lx + 26, ly + 32);
        g.dispose();
        ImageIO.write(img, "png", file.toFile());
    }

    private static void drawRef(Graphics2D g, java.util.function.DoubleUnaryOperator x, java.util.function.DoubleUnaryOperator y,
            double[] ref, double nMin, double nMax, boolean log, Color c) {
        g.setColor(c);
        double n0 = nMin * 1.5, n1 = nMax / 1.5;
        double t0 = ref[1] * f(n0, log) / f(ref[0], log), t1 = ref[1] * f(n1, log) / f(ref[0], log);
        g.drawLine((int) x.applyAsDouble(n0), (int) y.applyAsDouble(t0), (int) x.applyAsDouble(n1), (int) y.applyAsDouble(t1));
    }

    private static double f(double n, boolean log) {
        return log ? n * Math.log(n) : n;
    }
}
