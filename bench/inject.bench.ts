import { parseAllDocuments, stringify } from 'yaml';
import { injectScenario } from '../src/engine/injection/index.ts';
import { measureRatio, type BenchRow, type BenchSuite } from './harness.ts';

/*
 * The whole injection pipeline (built-in install: render, strategic merge, post-processing, typed
 * round trips, kube-inject YAML output and the per-pod webhook view with its JSON patch) on a default
 * scenario, as a ratio to a bare `yaml` parse + stringify of the same documents.
 */

const WORKLOADS = `apiVersion: v1
kind: Service
metadata: {name: shop}
spec: {selector: {app: shop}, ports: [{port: 80, targetPort: 8080}]}
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: shop, namespace: retail}
spec:
  replicas: 3
  selector: {matchLabels: {app: shop}}
  template:
    metadata:
      labels: {app: shop, version: v1}
      annotations: {prometheus.io/scrape: "true", prometheus.io/port: "9090"}
    spec:
      containers:
      - name: shop
        image: example/shop:1.4
        ports: [{containerPort: 8080, name: http}, {containerPort: 9090, name: metrics}]
        readinessProbe: {httpGet: {path: /ready, port: http}}
        livenessProbe: {tcpSocket: {port: 8080}}
      - name: cache
        image: example/cache:7
        ports: [{containerPort: 6379}]
`;


export const suite: BenchSuite = {
  name: 'injection pipeline (built-in install, 1 Deployment + 1 Service)',
  run(): BenchRow[] {
    const floorName = 'yaml parse+stringify of the same documents';
    const check = injectScenario({ workloads: WORKLOADS });
    if (check.kubeInject.error || check.pods[0]?.error) throw new Error(`the scenario does not inject: ${check.kubeInject.error ?? check.pods[0]?.error}`);
    const r = measureRatio(() => injectScenario({ workloads: WORKLOADS }), () => parseAllDocuments(WORKLOADS).map((d) => stringify(d.toJS())));
    return [
      { what: floorName, ms: r.floorMs },
      { what: 'injectScenario (kube-inject + webhook view)', ms: r.ms, ratio: r.ratio, floor: floorName },
    ];
  },
};
