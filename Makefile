# The two commands of the README: `make run` and `make test`.
SHELL := /bin/bash
BUILD_DIR ?= build
PORT ?= 8080
JOBS ?= 2

.PHONY: deps build server web media run test package screenshots bench clean

deps:
	scripts/install-deps

server:
	@[ -f $(BUILD_DIR)/build.ninja ] || cmake -S server -B $(BUILD_DIR) -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo
	cmake --build $(BUILD_DIR) -j$(JOBS)
	@# The OpenAPI document of the backend, from its route table (committed; web/ generates its API types from it;
	@# rewritten only when it changed).
	@tmp=$$(mktemp -d) && $(BUILD_DIR)/portal --database $$tmp/openapi.db --log-level error \
	  --write-openapi docs/openapi.json; status=$$?; rm -rf $$tmp; exit $$status

# The client's build (both bundles), again only when one of its sources changed since the last.
WEB_SOURCES := $(shell find web/src web/build-tools web/public -type f 2>/dev/null) \
  $(wildcard web/*.html web/*.json web/*.ts) docs/openapi.json
web: web/dist/.built
web/dist/.built: $(WEB_SOURCES)
	cd web && npm run build
	touch $@

# Builds the server and the client without starting anything, side by side: the C++ build leaves a core idle while
# it links and the client's build is mostly one thread (tsc, rollup), so together they take less than one after the
# other (docs/testing.md). The committed docs/openapi.json is what the client builds from; `server` rewrites it only
# when the route table changed, and then the client builds again on the next run.
build: deps
	@$(MAKE) --no-print-directory -j2 server web

# The demo catalog's audio, video, artwork and games, generated into var/media (cached; a few minutes the first time).
media:
	scripts/generate-media

# Sets up and starts the portal with the demo tenants on an embedded SQLite database.
run: build media
	@mkdir -p var
	PORT=$(PORT) $(BUILD_DIR)/portal --database var/portal.db --seed demo

# Every test: C++ unit, API on SQLite and PostgreSQL, client checks and unit tests, end-to-end in Chromium.
# `make test TEST_FLAGS=--timings` also lists the slowest test files of each runner (docs/testing.md).
test: build
	scripts/test $(TEST_FLAGS)

# The Debian packages in the build folder: portal_<version>_<arch>.deb, portal-dbgsym_<version>_<arch>.deb (its debug
# information), portal-demo_<version>_all.deb (the demo, for the dev stage only) and portal-sourcemaps_<version>.tar.gz
# (the client's maps, apart); <version> is the binary's (scripts/version) (docs/operations.md "Installing").
package: build
	scripts/package $(BUILD_DIR)

# The walks, saving a picture of each page they look at into artifacts/ (desktop and phone, English and Arabic),
# for a person to look at; `make screenshots SPECS=catalog.spec.ts` for one file's. `make test` takes none.
screenshots: build
	ARTIFACTS_DIR=$(CURDIR)/artifacts E2E_SCREENSHOTS=1 scripts/test-e2e $(SPECS)

# Load benchmarks against a running build (see bench/README.md).
bench: build
	bench/run

clean:
	rm -rf $(BUILD_DIR) web/dist var artifacts
