#include <glad/gl.h>  // first: before anything that includes GL
//
#include "actions.hpp"
#include "age_map.hpp"
#include "grid_view.hpp"

namespace toroid::view {

GridView::~GridView() {
    interop_.reset();  // unregister before the buffer goes
    if (pbo_) glDeleteBuffers(1, &pbo_);
    if (read_fbo_) glDeleteFramebuffers(1, &read_fbo_);
    if (texture_) glDeleteTextures(1, &texture_);
}

void GridView::resize(int width, int height, bool want_interop) {
    if (width == width_ && height == height_ && texture_ && (!want_interop || interop_tried_))
        return;
    const bool size_changed = width != width_ || height != height_ || !texture_;
    width_ = width;
    height_ = height;
    if (size_changed) {
        if (!texture_) glGenTextures(1, &texture_);
        glBindTexture(GL_TEXTURE_2D, texture_);
        // One texel per window pixel: nearest sampling keeps the kernel's colours exact.
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, width, height, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                     nullptr);
        host_.assign(std::size_t(width) * std::size_t(height), 0);
        GLint draw = 0;
        glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &draw);
        if (!read_fbo_) glGenFramebuffers(1, &read_fbo_);
        glBindFramebuffer(GL_READ_FRAMEBUFFER, read_fbo_);
        glFramebufferTexture2D(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, texture_,
                               0);
        glBindFramebuffer(GL_FRAMEBUFFER, GLuint(draw));
        interop_.reset();
        interop_tried_ = false;
    }
    if (want_interop && !interop_tried_) {
        interop_tried_ = true;
        const std::size_t bytes = std::size_t(width) * std::size_t(height) * 4;
        if (!pbo_) glGenBuffers(1, &pbo_);
        glBindBuffer(GL_PIXEL_UNPACK_BUFFER, pbo_);
        glBufferData(GL_PIXEL_UNPACK_BUFFER, GLsizeiptr(bytes), nullptr, GL_STREAM_DRAW);
        glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
        interop_ = make_gl_interop(pbo_, bytes, interop_why_);
    }
}

void GridView::blit(int width, int height) const {
    GLint draw = 0;
    glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &draw);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, read_fbo_);
    // Texture row 0 is the image's top row: flip into GL's bottom-up framebuffer.
    glBlitFramebuffer(0, 0, width_, height_, 0, height, width, height - height_,
                      GL_COLOR_BUFFER_BIT, GL_NEAREST);
    glBindFramebuffer(GL_FRAMEBUFFER, GLuint(draw));
}

void GridView::upload_from_host() {
    glBindTexture(GL_TEXTURE_2D, texture_);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, width_, height_, GL_RGBA, GL_UNSIGNED_BYTE,
                    host_.data());
}

void GridView::update(AppState& app) {
    const RenderRequest q = make_request(app.view, app.palette);
    const bool device = app.backend && app.backend->renders_to_device() && !app.colour_by_age;
    resize(q.width, q.height, device);
    RenderTarget host{host_.data(), q.width, q.height, q.width, RenderMemory::Host};

    if (app.eca) {  // the 1-D diagram: rows of a ring buffer
        const EcaDiagram& d = *app.eca;
        render_cells_on_host(q, false, d.rows().width(), d.rows().height(), d.rows(), 0,
                             d.origin_y(), nullptr, host);
        path_ = "host upload (1-D diagram)";
    } else if (!app.backend) {
        return;
    } else if (app.colour_by_age && app.view.zoom >= 0) {
        const Backend& b = *app.backend;
        const Rect r = visible_cells(q, b.width(), b.height(), is_hexagonal(app));
        refresh_ages(app.ages, b, r);
        render_cells_on_host(q, is_hexagonal(app), b.width(), b.height(), app.ages.cells, r.x, r.y,
                             app.ages.ages.data(), host);
        path_ = "host upload (colour by age)";
    } else if (device && interop_) {
        RenderTarget target{interop_->map(), q.width, q.height, q.width, RenderMemory::Device};
        try {
            app.backend->render(q, target);
        } catch (...) {
            interop_->unmap();
            throw;
        }
        interop_->unmap();
        glBindTexture(GL_TEXTURE_2D, texture_);
        glBindBuffer(GL_PIXEL_UNPACK_BUFFER, pbo_);
        glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, width_, height_, GL_RGBA, GL_UNSIGNED_BYTE,
                        nullptr);
        glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
        path_ = "device interop (CUDA-GL pixel buffer)";
        return;
    } else {
        app.backend->render(q, host);
        path_ = device ? "host upload (" + interop_why_ + ")" : "host upload";
    }
    upload_from_host();
}

}  // namespace toroid::view
