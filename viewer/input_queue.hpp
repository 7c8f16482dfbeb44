// InputQueue: the events between two frames (input_event.hpp), from GLFW's
// callbacks or from --script, for two readers:
//
//   * the grid view takes them all each frame, in order (take());
//   * ImGui (1.86: it reads key and button *states* once a frame, so a
//     press and release between two frames would be lost) is fed them
//     trickled: at most one change of each key and of the mouse buttons a
//     frame, the pointer held where a button changed; the rest waits for the
//     next frame (feed_imgui()). Typed characters pass at once (ImGui queues
//     them itself).
//
// install_glfw_callbacks() routes a window's input here (ImGui's GLFW
// backend is initialised without its own callbacks; focus and cursor-enter
// still reach it).
#pragma once

#include <deque>
#include <vector>

#include "input_event.hpp"

struct GLFWwindow;
struct ImGuiIO;

namespace toroid::view {

class InputQueue {
  public:
    void push(const InputEvent& e);
    std::vector<InputEvent> take();
    // After the platform backend's NewFrame, before ImGui::NewFrame.
    void feed_imgui(ImGuiIO& io, GLFWwindow* window);

  private:
    std::vector<InputEvent> frame_;
    std::deque<InputEvent> imgui_;
    float mouse_x_ = 0, mouse_y_ = 0;
    bool mouse_known_ = false;
    bool down_[3] = {false, false, false};
};

void install_glfw_callbacks(GLFWwindow* window, InputQueue& queue);

}  // namespace toroid::view
