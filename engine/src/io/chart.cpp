#include "toroid/io/chart.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <stdexcept>

#include "cairo_library.hpp"
#include "toroid/error.hpp"

namespace toroid {
namespace {

const detail::CairoLibrary& cairo() {
    return detail::cairo_library();
}

cairo_t* C(void* p) {
    return static_cast<cairo_t*>(p);
}

std::string extension_of(const std::string& path) {
    const std::size_t dot = path.rfind('.');
    if (dot == std::string::npos) return "";
    std::string e = path.substr(dot + 1);
    for (char& c : e) c = char(std::tolower(static_cast<unsigned char>(c)));
    return e;
}

std::string tick_text(double v, double step) {
    char buf[32];
    if (std::fabs(v) >= 1e6)
        std::snprintf(buf, sizeof buf, "%.3g", v);
    else if (step >= 1)
        std::snprintf(buf, sizeof buf, "%.0f", v);
    else
        std::snprintf(buf, sizeof buf, "%.*f", int(std::ceil(-std::log10(step))), v);
    return buf;
}

}  // namespace

std::vector<double> nice_ticks(double lo, double hi, int target) {
    if (!(hi > lo)) return {lo};
    const double raw = (hi - lo) / target;
    const double power = std::pow(10.0, std::floor(std::log10(raw)));
    double step = power;
    for (double m : {1.0, 2.0, 5.0, 10.0})
        if (m * power >= raw) {
            step = m * power;
            break;
        }
    std::vector<double> ticks;
    for (double v = std::ceil(lo / step) * step; v <= hi + step * 1e-9; v += step)
        ticks.push_back(std::fabs(v) < step * 1e-9 ? 0.0 : v);
    return ticks;
}

void check_chart_path(const std::string& path) {
    const std::string ext = extension_of(path);
    if (ext != "png" && ext != "svg")
        throw InputError("plot file '" + path + "' has no known extension: expected .png or .svg");
}

Chart::Chart(const std::string& path, int width, int height)
    : path_(path), width_(width), height_(height) {
    check_chart_path(path);
    const std::string ext = extension_of(path);
    if (width < 200 || height < 150) throw InputError("plot size must be at least 200x150");
    svg_ = ext == "svg";
    cairo_surface_t* s = svg_ ? cairo().svg_surface_create(path.c_str(), width, height)
                              : cairo().image_surface_create(CAIRO_FORMAT_RGB24, width, height);
    if (cairo().surface_status(s) != CAIRO_STATUS_SUCCESS) {
        const std::string why = cairo().status_to_string(cairo().surface_status(s));
        cairo().surface_destroy(s);
        throw std::runtime_error("cannot create plot " + path + ": " + why);
    }
    surface_ = s;
    cr_ = cairo().create(s);
    cairo().set_source_rgb(C(cr_), 1, 1, 1);
    cairo().paint(C(cr_));
    left_ = 80;
    right_ = width - 30;
    top_ = 50;
    bottom_ = height - 60;
}

Chart::~Chart() {
    try {
        finish();
    } catch (...) {
    }
}

double Chart::to_x(double x) const {
    return left_ + (x - x_.min) / (x_.max - x_.min) * (right_ - left_);
}
double Chart::to_y(double y) const {
    return bottom_ - (y - y_.min) / (y_.max - y_.min) * (bottom_ - top_);
}

void Chart::frame(const std::string& title, const ChartAxis& x, const ChartAxis& y,
                  const std::vector<std::string>& categories) {
    x_ = x;
    y_ = y;
    if (!(x_.max > x_.min)) x_.max = x_.min + 1;
    if (!(y_.max > y_.min)) y_.max = y_.min + 1;
    cairo_t* cr = C(cr_);
    cairo().select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
    cairo_text_extents_t te;
    if (!categories.empty()) {  // room below the axis for the rotated labels
        cairo().set_font_size(cr, 10);
        double longest = 0;
        for (const auto& c : categories) {
            cairo().text_extents(cr, c.c_str(), &te);
            longest = std::max(longest, te.x_advance);
        }
        bottom_ = std::max(top_ + 50, height_ - 14 - longest);
    }
    // Grid lines and ticks.
    const auto yt = nice_ticks(y_.min, y_.max);
    const double ystep = yt.size() > 1 ? yt[1] - yt[0] : 1;
    cairo().set_font_size(cr, 12);
    for (double v : yt) {
        cairo().set_source_rgb(cr, 0.88, 0.88, 0.88);
        cairo().set_line_width(cr, 1);
        cairo().move_to(cr, left_, to_y(v));
        cairo().line_to(cr, right_, to_y(v));
        cairo().stroke(cr);
        cairo().set_source_rgb(cr, 0, 0, 0);
        cairo().move_to(cr, left_ - 5, to_y(v));
        cairo().line_to(cr, left_, to_y(v));
        cairo().stroke(cr);
        const std::string t = tick_text(v, ystep);
        cairo().text_extents(cr, t.c_str(), &te);
        cairo().move_to(cr, left_ - 8 - te.width - te.x_bearing, to_y(v) + te.height / 2);
        cairo().show_text(cr, t.c_str());
    }
    if (categories.empty()) {
        const auto xt = nice_ticks(x_.min, x_.max);
        const double xstep = xt.size() > 1 ? xt[1] - xt[0] : 1;
        for (double v : xt) {
            cairo().set_source_rgb(cr, 0.88, 0.88, 0.88);
            cairo().move_to(cr, to_x(v), top_);
            cairo().line_to(cr, to_x(v), bottom_);
            cairo().stroke(cr);
            cairo().set_source_rgb(cr, 0, 0, 0);
            cairo().move_to(cr, to_x(v), bottom_);
            cairo().line_to(cr, to_x(v), bottom_ + 5);
            cairo().stroke(cr);
            const std::string t = tick_text(v, xstep);
            cairo().text_extents(cr, t.c_str(), &te);
            cairo().move_to(cr, to_x(v) - te.width / 2 - te.x_bearing, bottom_ + 8 + te.height);
            cairo().show_text(cr, t.c_str());
        }
    } else {
        // Category labels, thinned so they never overlap.
        const double per = (right_ - left_) / double(categories.size());
        const std::size_t every = std::max<std::size_t>(1, std::size_t(std::ceil(14.0 / per)));
        cairo().set_font_size(cr, 10);
        for (std::size_t i = 0; i < categories.size(); i += every) {
            cairo().save(cr);
            cairo().move_to(cr, to_x(double(i) + 0.5) + 3, bottom_ + 6);
            cairo().rotate(cr, M_PI / 2);
            cairo().show_text(cr, categories[i].c_str());
            cairo().restore(cr);
        }
    }
    // Axes.
    cairo().set_source_rgb(cr, 0, 0, 0);
    cairo().set_line_width(cr, 1.5);
    cairo().move_to(cr, left_, top_);
    cairo().line_to(cr, left_, bottom_);
    cairo().line_to(cr, right_, bottom_);
    cairo().stroke(cr);
    // Labels and title.
    cairo().set_font_size(cr, 13);
    cairo().text_extents(cr, x_.label.c_str(), &te);
    if (categories.empty()) {
        cairo().move_to(cr, (left_ + right_) / 2 - te.width / 2, height_ - 15);
        cairo().show_text(cr, x_.label.c_str());
    }
    cairo().save(cr);
    cairo().text_extents(cr, y_.label.c_str(), &te);
    cairo().move_to(cr, 20, (top_ + bottom_) / 2 + te.width / 2);
    cairo().rotate(cr, -M_PI / 2);
    cairo().show_text(cr, y_.label.c_str());
    cairo().restore(cr);
    cairo().select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
    cairo().set_font_size(cr, 16);
    cairo().text_extents(cr, title.c_str(), &te);
    cairo().move_to(cr, std::max(5.0, width_ / 2.0 - te.width / 2), 24);
    cairo().show_text(cr, title.c_str());
    cairo().select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
}

void Chart::polyline(const std::vector<std::pair<double, double>>& points, ChartColour c,
                     double line_width) {
    if (points.empty()) return;
    cairo_t* cr = C(cr_);
    cairo().set_source_rgb(cr, c.r, c.g, c.b);
    cairo().set_line_width(cr, line_width);
    cairo().move_to(cr, to_x(points[0].first), to_y(points[0].second));
    for (const auto& [x, y] : points) cairo().line_to(cr, to_x(x), to_y(y));
    cairo().stroke(cr);
}

void Chart::vertical(double x, double y0, double y1, ChartColour c, double line_width) {
    cairo_t* cr = C(cr_);
    cairo().set_source_rgb(cr, c.r, c.g, c.b);
    cairo().set_line_width(cr, line_width);
    cairo().move_to(cr, to_x(x), to_y(y0) + 0.5);
    cairo().line_to(cr, to_x(x), to_y(y1) - 0.5);
    cairo().stroke(cr);
}

void Chart::rectangle(double x0, double y0, double x1, double y1, ChartColour c) {
    cairo_t* cr = C(cr_);
    cairo().set_source_rgb(cr, c.r, c.g, c.b);
    cairo().rectangle(cr, to_x(x0), to_y(y1), to_x(x1) - to_x(x0), to_y(y0) - to_y(y1));
    cairo().fill(cr);
}

void Chart::marker(double x, const std::string& label, ChartColour c) {
    cairo_t* cr = C(cr_);
    const double dashes[] = {6.0, 4.0};
    cairo().set_source_rgb(cr, c.r, c.g, c.b);
    cairo().set_line_width(cr, 1.5);
    cairo().set_dash(cr, dashes, 2, 0);
    cairo().move_to(cr, to_x(x), top_);
    cairo().line_to(cr, to_x(x), bottom_);
    cairo().stroke(cr);
    cairo().set_dash(cr, nullptr, 0, 0);
    cairo().set_font_size(cr, 12);
    cairo_text_extents_t te;
    cairo().text_extents(cr, label.c_str(), &te);
    double tx = to_x(x) + 5;
    if (tx + te.width > right_) tx = to_x(x) - 5 - te.width;  // keep it inside
    cairo().move_to(cr, tx, top_ + 14);
    cairo().show_text(cr, label.c_str());
}

void Chart::legend(const std::vector<std::pair<std::string, ChartColour>>& entries) {
    cairo_t* cr = C(cr_);
    cairo().set_font_size(cr, 12);
    double x = left_ + 10;
    for (const auto& [name, c] : entries) {
        cairo().set_source_rgb(cr, c.r, c.g, c.b);
        cairo().rectangle(cr, x, 36, 12, 10);
        cairo().fill(cr);
        cairo().set_source_rgb(cr, 0, 0, 0);
        cairo().move_to(cr, x + 16, 46);
        cairo().show_text(cr, name.c_str());
        cairo_text_extents_t te;
        cairo().text_extents(cr, name.c_str(), &te);
        x += 16 + te.x_advance + 14;
    }
}

void Chart::finish() {
    if (finished_) return;
    finished_ = true;
    auto* s = static_cast<cairo_surface_t*>(surface_);
    cairo().destroy(C(cr_));
    cairo_status_t status = CAIRO_STATUS_SUCCESS;
    if (!svg_) status = cairo().surface_write_to_png(s, path_.c_str());
    cairo().surface_finish(s);
    if (status == CAIRO_STATUS_SUCCESS) status = cairo().surface_status(s);
    cairo().surface_destroy(s);
    if (status != CAIRO_STATUS_SUCCESS)
        throw std::runtime_error("cannot write plot " + path_ + ": " +
                                 cairo().status_to_string(status));
}

}  // namespace toroid
