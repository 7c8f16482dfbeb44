// The backend registries (2-D Backend and 1-D EcaBackend): names, "auto",
// the errors users see, describe(), and the CPU EcaBackend against eca_step.
// Linked with toroid_backends, so a CUDA build has "cuda" registered here by
// its own library (the registrar's linker anchor is what this checks there).
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <utility>

#include "input_error_of.hpp"
#include "toroid/core/backend.hpp"
#include "toroid/cpu/cpu_backend.hpp"
#include "toroid/eca/eca_backend.hpp"
#include "toroid/eca/eca_cpu.hpp"
#include "toroid/error.hpp"

namespace toroid {
namespace {

bool contains(const std::vector<std::string>& v, const std::string& s) {
    return std::find(v.begin(), v.end(), s) != v.end();
}

template <class F>
std::string error_of(F&& f) {
    return testing::input_error_of(std::forward<F>(f));
}

TEST(BackendRegistry, EngineRegistersCpuForBothKinds) {
    EXPECT_TRUE(contains(backend_registry().registered(), "cpu"));
    EXPECT_TRUE(contains(backend_registry().available(), "cpu"));
    EXPECT_TRUE(contains(eca_backend_registry().registered(), "cpu"));
    EXPECT_TRUE(contains(eca_backend_registry().available(), "cpu"));
    EXPECT_EQ(create_backend("cpu", Rule())->name(), "cpu");
    EXPECT_EQ(create_eca_backend("cpu", 110)->name(), "cpu");
}

TEST(BackendRegistry, CpuDescribesInstructionSetAndThreads) {
    auto b = create_backend("cpu", Rule(), {3, 0});
    const auto& cpu = dynamic_cast<const CpuBackend&>(*b);
    EXPECT_EQ(b->describe(), "cpu (" + cpu.instruction_set() + ", 3 threads)");
    auto e = create_eca_backend("cpu", 30, {2});
    EXPECT_EQ(e->describe(),
              std::string("cpu (") + eca_cpu_kernel_name(EcaCpuKernel::Auto) + ", 2 threads)");
}

TEST(BackendRegistry, UnknownNameListsTheKnownOnes) {
    const std::string msg = error_of([] { create_backend("tpu", Rule()); });
    EXPECT_NE(msg.find("unknown backend 'tpu'"), std::string::npos) << msg;
    EXPECT_NE(msg.find("expected auto or one of: "), std::string::npos) << msg;
    EXPECT_NE(msg.find("cpu"), std::string::npos) << msg;
    EXPECT_EQ(msg.find("nvcc"), std::string::npos) << msg;
    const std::string eca = error_of([] { create_eca_backend("tpu", 30); });
    EXPECT_NE(eca.find("unknown backend 'tpu'"), std::string::npos) << eca;
}

// The build says whether the CUDA library exists; when it does, it must have
// registered "cuda" for both kinds without anyone calling it (the linker
// anchor kept its registrar), and not otherwise.
TEST(BackendRegistry, CudaIsRegisteredExactlyWhenBuilt) {
    const bool built = TOROID_TEST_CUDA_BUILT != 0;
    EXPECT_EQ(contains(backend_registry().registered(), "cuda"), built);
    EXPECT_EQ(contains(eca_backend_registry().registered(), "cuda"), built);
}

// The nvcc hint only when no CUDA backend is compiled in; with one compiled
// in but no device, the reason is the device.
TEST(BackendRegistry, CudaErrorNamesTheRealCause) {
    for (bool one_d : {false, true}) {
        const auto registered =
            one_d ? eca_backend_registry().registered() : backend_registry().registered();
        const auto available =
            one_d ? eca_backend_registry().available() : backend_registry().available();
        auto make = [&] {
            if (one_d)
                create_eca_backend("cuda", 30);
            else
                create_backend("cuda", Rule());
        };
        if (!contains(registered, "cuda")) {
            const std::string msg = error_of(make);
            EXPECT_NE(msg.find("unknown backend 'cuda'"), std::string::npos) << msg;
            EXPECT_NE(msg.find("nvcc was not found at build time"), std::string::npos) << msg;
        } else if (!contains(available, "cuda")) {
            const std::string msg = error_of(make);
            EXPECT_NE(msg.find("backend 'cuda' cannot be used here: "), std::string::npos) << msg;
            EXPECT_NE(msg.find("no CUDA device"), std::string::npos) << msg;
            EXPECT_EQ(msg.find("nvcc"), std::string::npos) << msg;
        } else {
            EXPECT_NO_THROW(make());
        }
    }
}

TEST(BackendRegistry, AutoPrefersCudaWhenUsableElseCpu) {
    const std::string expected = contains(backend_registry().available(), "cuda") ? "cuda" : "cpu";
    EXPECT_EQ(create_backend("auto", Rule())->name(), expected);
    const std::string eca = contains(eca_backend_registry().available(), "cuda") ? "cuda" : "cpu";
    EXPECT_EQ(create_eca_backend("auto", 110)->name(), eca);
}

TEST(BackendRegistry, UnusableBackendSaysWhy) {
    backend_registry().add(
        {.name = "test-unusable",
         .preference = -5,
         .usable = [] { return false; },
         .why = [] { return std::string("no test hardware"); },
         .create = [](const Rule& rule, const BackendOptions& o) -> std::unique_ptr<Backend> {
             return std::make_unique<CpuBackend>(rule, o);
         }});
    EXPECT_TRUE(contains(backend_registry().registered(), "test-unusable"));
    EXPECT_FALSE(contains(backend_registry().available(), "test-unusable"));
    EXPECT_EQ(backend_registry().unusable_reason("test-unusable"), "no test hardware");
    EXPECT_EQ(backend_registry().unusable_reason("cpu"), "");
    const std::string msg = error_of([] { create_backend("test-unusable", Rule()); });
    EXPECT_EQ(msg, "backend 'test-unusable' cannot be used here: no test hardware");
    EXPECT_NE(create_backend("auto", Rule())->name(), "test-unusable");
}

TEST(BackendRegistry, PreferenceOrdersAuto) {
    eca_backend_registry().add({.name = "test-preferred",
                                .preference = 100,
                                .create = [](int rule, const EcaBackendOptions& o) {
                                    return make_eca_cpu_backend(rule, o);
                                }});
    EXPECT_EQ(eca_backend_registry().registered().front(), "test-preferred");
    // The factory made a cpu backend: "auto" reached it first.
    EXPECT_EQ(create_eca_backend("auto", 90)->name(), "cpu");
    eca_backend_registry().add({.name = "test-preferred",
                                .preference = -100,
                                .create = [](int rule, const EcaBackendOptions& o) {
                                    return make_eca_cpu_backend(rule, o);
                                }});
    const auto names = eca_backend_registry().registered();
    EXPECT_EQ(names.back(), "test-preferred");  // replaced, not added
    EXPECT_EQ(std::count(names.begin(), names.end(), "test-preferred"), 1);
}

TEST(EcaBackend, RejectsBadRuleAndThreads) {
    EXPECT_THROW(create_eca_backend("cpu", 256), InputError);
    EXPECT_THROW(create_eca_backend("cpu", -1), InputError);
    EXPECT_THROW(create_eca_backend("cpu", 30, {-2}), InputError);
}

// Every usable 1-D backend equals eca_step, across awkward widths and steps
// split over several calls.
TEST(EcaBackend, EqualsEcaStepOnAwkwardWidths) {
    for (const std::string& name : eca_backend_registry().available()) {
        for (std::int64_t width : {1, 2, 3, 63, 64, 65, 127, 129, 1000, 4099}) {
            for (int rule : {30, 90, 110, 184, 45}) {
                const EcaRing start = eca_initial_ring(width, "random:" + std::to_string(width));
                EcaRing expected = start;
                eca_step(expected, rule, 1 + 64 + 70);
                auto backend = create_eca_backend(name, rule, {2});
                backend->load(start);
                EXPECT_EQ(backend->width(), width);
                backend->step(1);
                backend->step(64);
                backend->step(0);
                backend->step(70);
                backend->synchronize();
                EcaRing got(7);  // read replaces whatever width it had
                backend->read(got);
                EXPECT_EQ(got, expected) << name << " width " << width << " rule " << rule;
            }
        }
    }
}

TEST(EcaBackend, NegativeStepsAreInputErrors) {
    auto b = create_eca_backend("cpu", 30);
    b->load(eca_initial_ring(10, "center"));
    EXPECT_THROW(b->step(-1), InputError);
}

}  // namespace
}  // namespace toroid
