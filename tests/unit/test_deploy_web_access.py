"""The k8s manifests keep the web port cluster-internal and open it only to Prometheus and
labelled clients (issue #15)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

K8S = Path(__file__).resolve().parents[2] / "deploy" / "k8s"


def manifests() -> list[dict[str, Any]]:
    kustomization = yaml.safe_load((K8S / "kustomization.yaml").read_text())
    return [
        doc
        for name in kustomization["resources"]
        for doc in yaml.safe_load_all((K8S / name).read_text())
        if doc
    ]


def test_the_web_port_is_cluster_internal_and_only_metrics_is_scraped() -> None:
    docs = manifests()
    kinds = {d["kind"] for d in docs}
    assert "Ingress" not in kinds
    services = [d for d in docs if d["kind"] == "Service"]
    assert services and all(s["spec"].get("type", "ClusterIP") == "ClusterIP" for s in services)
    [worker] = [d for d in docs if d["kind"] == "Deployment"]
    annotations = worker["spec"]["template"]["metadata"]["annotations"]
    assert annotations["prometheus.io/path"] == "/metrics"
    [policy] = [d for d in docs if d["kind"] == "NetworkPolicy"]
    assert policy["spec"]["podSelector"]["matchLabels"] == worker["spec"]["selector"]["matchLabels"]
    assert policy["spec"]["policyTypes"] == ["Ingress"]
    sources = [rule["from"] for rule in policy["spec"]["ingress"]]
    assert {"namespaceSelector"} in [set(s[0]) for s in sources]  # Prometheus' namespace
    assert all(len(s) == 1 and "ipBlock" not in s[0] for s in sources)
    ports = {p["port"] for rule in policy["spec"]["ingress"] for p in rule["ports"]}
    assert ports == {6066}
