// Reading fields of JSON that came from a file, strictly, naming the field.
//
// nlohmann's get<std::uint64_t>() reads -3 as 2^64 - 3 and throws
// "type must be string, but is number" without saying which field; sweep
// files are edited, truncated and merged by hand, so each field is read
// here with its dotted path ("classes.dies", "soups_of_interest[2].rle"),
// and a missing field, a wrong type, a negative count or a number beyond 64
// bits is an InputError naming that path and what was expected. Callers add
// the file and line.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

#include "toroid/error.hpp"
#include "toroid/io/json_text.hpp"

namespace toroid::detail {

class JsonFields {
  public:
    JsonFields(const nlohmann::json& j, std::string path) : j_(j), path_(std::move(path)) {
        if (!j_.is_object()) fail(path_.empty() ? "the line" : path_, "an object", j_);
    }

    bool has(const char* key) const { return j_.contains(key); }

    const nlohmann::json& at(const char* key) const {
        const auto it = j_.find(key);
        if (it == j_.end()) throw InputError("field '" + name(key) + "' is missing");
        return *it;
    }
    JsonFields object(const char* key) const { return JsonFields(at(key), name(key)); }

    std::string text(const char* key) const {
        const nlohmann::json& v = at(key);
        if (!v.is_string()) fail(name(key), "a string", v);
        return v.get<std::string>();
    }
    std::uint64_t count(const char* key) const { return count_of(at(key), name(key)); }
    double number(const char* key, double lo, double hi) const {
        const nlohmann::json& v = at(key);
        if (!v.is_number() || !(v.get<double>() >= lo && v.get<double>() <= hi))
            fail(name(key), "a number from " + shown(lo) + " to " + shown(hi), v);
        return v.get<double>();
    }

    // A whole number 0 .. 2^64 - 1 (what counts, indices and seeds are).
    static std::uint64_t count_of(const nlohmann::json& v, const std::string& field) {
        if (v.is_number_unsigned()) return v.get<std::uint64_t>();
        if (v.is_number_integer()) {  // signed: what nlohmann makes of a negative number
            if (v.get<std::int64_t>() >= 0) return std::uint64_t(v.get<std::int64_t>());
            throw InputError("field '" + field + "' is " + json_text(v) +
                             ": expected a whole number 0 or more (counts are never negative)");
        }
        fail(field, "a whole number 0 or more", v);
    }

    [[noreturn]] static void fail(const std::string& field, const std::string& expected,
                                  const nlohmann::json& v) {
        std::string shown = json_text(v);
        if (shown.size() > 60) shown = shown.substr(0, 57) + "...";
        throw InputError("field '" + field + "' is " + shown + " (" + v.type_name() +
                         "): expected " + expected);
    }

    std::string name(const std::string& key) const {
        return path_.empty() ? key : path_ + "." + key;
    }
    const std::string& path() const { return path_; }
    const nlohmann::json& json() const { return j_; }

  private:
    static std::string shown(double v) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%g", v);
        return buf;
    }
    const nlohmann::json& j_;
    std::string path_;
};

}  // namespace toroid::detail
