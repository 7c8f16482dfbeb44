#define GLFW_INCLUDE_NONE
#include "input_queue.hpp"

#include <GLFW/glfw3.h>
#include <backends/imgui_impl_glfw.h>
#include <imgui.h>

#include <cfloat>
#include <set>
#include <utility>

namespace toroid::view {

void InputQueue::push(const InputEvent& e) {
    frame_.push_back(e);
    imgui_.push_back(e);
}

std::vector<InputEvent> InputQueue::take() {
    return std::exchange(frame_, {});
}

void InputQueue::feed_imgui(ImGuiIO& io, GLFWwindow* window) {
    std::set<int> keys_changed;
    bool button_changed = false;
    while (!imgui_.empty()) {
        const InputEvent& e = imgui_.front();
        if (e.kind == InputEvent::Kind::Key) {
            if (e.action != GLFW_REPEAT && keys_changed.count(e.key)) break;  // next frame
            if (e.action != GLFW_REPEAT) keys_changed.insert(e.key);
            ImGui_ImplGlfw_KeyCallback(window, e.key, 0, e.action, e.mods);
        } else if (e.kind == InputEvent::Kind::Char) {
            io.AddInputCharacter(e.codepoint);
        } else if (e.kind == InputEvent::Kind::Button) {
            if (button_changed) break;  // one change a frame, at the pointer where it happened
            button_changed = true;
            if (e.button >= 0 && e.button < 3) down_[e.button] = e.action == GLFW_PRESS;
        } else if (e.kind == InputEvent::Kind::Move) {
            if (button_changed) break;
            mouse_x_ = float(e.x);
            mouse_y_ = float(e.y);
            mouse_known_ = true;
        } else if (e.kind == InputEvent::Kind::Leave) {
            if (button_changed) break;
            mouse_known_ = false;
            mouse_x_ = mouse_y_ = -FLT_MAX;
        } else if (e.kind == InputEvent::Kind::Scroll) {
            io.MouseWheelH += float(e.x);
            io.MouseWheel += float(e.y);
        }
        imgui_.pop_front();
    }
    if (mouse_known_) io.MousePos = ImVec2(mouse_x_, mouse_y_);
    for (int b = 0; b < 3; ++b) io.MouseDown[b] = down_[b];
}

namespace {

InputQueue& queue_of(GLFWwindow* w) {
    return *static_cast<InputQueue*>(glfwGetWindowUserPointer(w));
}

}  // namespace

void install_glfw_callbacks(GLFWwindow* window, InputQueue& queue) {
    glfwSetWindowUserPointer(window, &queue);
    glfwSetKeyCallback(window, [](GLFWwindow* w, int key, int, int action, int mods) {
        queue_of(w).push(InputEvent::key_event(key, action, mods));
    });
    glfwSetCharCallback(
        window, [](GLFWwindow* w, unsigned c) { queue_of(w).push(InputEvent::char_event(c)); });
    glfwSetMouseButtonCallback(window, [](GLFWwindow* w, int button, int action, int mods) {
        queue_of(w).push(InputEvent::button_event(button, action, mods));
    });
    glfwSetCursorPosCallback(window, [](GLFWwindow* w, double x, double y) {
        queue_of(w).push(InputEvent::move(x, y));
    });
    glfwSetScrollCallback(window, [](GLFWwindow* w, double dx, double dy) {
        queue_of(w).push(InputEvent::scroll(dx, dy));
    });
    glfwSetCursorEnterCallback(window, [](GLFWwindow* w, int entered) {
        ImGui_ImplGlfw_CursorEnterCallback(w, entered);
        if (!entered) {
            InputEvent e;
            e.kind = InputEvent::Kind::Leave;
            queue_of(w).push(e);
        }
    });
    glfwSetWindowFocusCallback(
        window, [](GLFWwindow* w, int focused) { ImGui_ImplGlfw_WindowFocusCallback(w, focused); });
    glfwSetDropCallback(window, [](GLFWwindow* w, int count, const char** paths) {
        std::vector<std::string> files(paths, paths + count);
        queue_of(w).push(InputEvent::drop(std::move(files)));
    });
}

}  // namespace toroid::view
