#!/usr/bin/env bash
# Rewrites what `jsonmapper generate` is expected to print: the golden files of GenerateCommandTests and the models
# in Tests/JSONMapperCLITests/Generated/, which the CLI test target compiles. Run it after changing the generator,
# then read the diff: every change in it is a change users will see. The twitter, citm_catalog and canada models need
# the shared data (../shared/data/bench, or JSONMAPPER_SHARED_DATA).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
swift build --product jsonmapper
jsonmapper="$(swift build --show-bin-path)/jsonmapper"
bench="${JSONMAPPER_SHARED_DATA:-$root/../shared/data}/bench"
github="${JSONMAPPER_SHARED_DATA:-$root/../shared/data}/github"
golden=Tests/JSONMapperCLITests/Golden
generated=Tests/JSONMapperCLITests/Generated

"$jsonmapper" generate Fixtures/person.json --name Person >"$golden/person.swift.golden"
"$jsonmapper" generate Fixtures/person.json Fixtures/person_incomplete.json --name Person >"$golden/person-merged.swift.golden"
"$jsonmapper" generate Fixtures/people.json --class >"$golden/people-class.swift.golden"
"$jsonmapper" generate Fixtures/person.json --name Person --read-only >"$golden/person-read-only.swift.golden"
"$jsonmapper" generate Fixtures/person.json --name Person --public >"$golden/person-public.swift.golden"
"$jsonmapper" generate Fixtures/person.json Fixtures/person_incomplete.json --name Person --codable \
    >"$golden/person-codable.swift.golden"
"$jsonmapper" generate Fixtures/timeline.json >"$golden/timeline.swift.golden"
"$jsonmapper" generate Fixtures/catalog.json >"$golden/catalog.swift.golden"
"$jsonmapper" generate Fixtures/shapes.json >"$golden/shapes.swift.golden"
"$jsonmapper" generate Fixtures/comments.json >"$golden/comments.swift.golden"
"$jsonmapper" generate --lines Fixtures/events.jsonl >"$golden/events.swift.golden"
"$jsonmapper" generate --lines Fixtures/events.jsonl --enums >"$golden/events-enums.swift.golden"
"$jsonmapper" generate Fixtures/repository.json --name Repository >"$golden/repository.swift.golden"

"$jsonmapper" generate Fixtures/order_sample_1.json Fixtures/order_sample_2.json --name Order >"$generated/Order.swift"
"$jsonmapper" generate Fixtures/repository.json --name Repository >"$generated/Repository.swift"
"$jsonmapper" generate Fixtures/torture.json --name Torture >"$generated/Torture.swift"
"$jsonmapper" generate Fixtures/torture.json --name Torture --public --enums --class --namespace TortureOptions \
    >"$generated/TortureOptions.swift"
"$jsonmapper" generate Fixtures/deep_arrays.json --name DeepArrays >"$generated/DeepArrays.swift"
"$jsonmapper" generate --lines Fixtures/events.jsonl --enums --codable --namespace EventsCodable \
    >"$generated/EventsCodable.swift"
"$jsonmapper" generate "$bench/twitter.json" --namespace TwitterModels >"$generated/Twitter.swift"
"$jsonmapper" generate "$bench/citm_catalog.json" --namespace CitmModels >"$generated/CitmCatalog.swift"
"$jsonmapper" generate "$bench/canada.json" --namespace CanadaModels >"$generated/Canada.swift"
# Several endpoints in one call, sharing their types: the GitHub API responses and the benchmark payloads.
"$jsonmapper" generate "$github/add-and-remove-repository-collaborator.json" "$github/branch-protection.json" \
    "$github/create-status.json" "$github/get-organization.json" "$github/get-repository.json" \
    "$github/paginate-issues.json" "$github/project-cards.json" "$github/release-assets.json" \
    "$github/search-issues.json" "$bench/twitter.json" "$bench/citm_catalog.json" "$bench/canada.json" \
    --name Invitation --name BranchProtection --name CombinedStatus --name Organization --name Repository \
    --name Issue --name ProjectCard --name Release --name IssueSearch --name Twitter --name CitmCatalog \
    --name Canada --namespace APIModels --codable >"$generated/APIModels.swift"
git status --short "$golden" "$generated"
