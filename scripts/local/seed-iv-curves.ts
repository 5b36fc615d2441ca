import { readCurveFile } from '../../functions/domain/iv-curves/curve-file.rules';
import { storeNewCurve } from '../../functions/domain/iv-curves/iv-curves';
import { curvesOf } from '../../functions/domain/iv-curves/iv-curves.repository';
import { productsOf } from '../../functions/domain/products/products.repository';

/** A solar cell's curve in the upload format: current falling to zero at the open-circuit voltage. */
function cellCurve(manufacturer: string, model: string, unit: string, shortCircuit: number, openCircuit: number): string {
  const points = Array.from({ length: 21 }, (_, i) => {
    const voltage = (openCircuit * i) / 20;
    const current = shortCircuit * (1 - Math.exp((voltage - openCircuit) / 0.05)) / (1 - Math.exp(-openCircuit / 0.05));
    return `${voltage.toFixed(3)},${Math.max(0, current).toFixed(3)}`;
  });
  return [`manufacturer,${manufacturer}`, `model,${model}`, `unit,${unit}`, 'voltage,current', ...points, ''].join('\n');
}

async function store(ownerId: number, filename: string, text: string, options: { public?: boolean; productId?: number } = {}) {
  const bytes = new TextEncoder().encode(text);
  const reading = readCurveFile(bytes);
  if ('problem' in reading) throw new Error(`Demo IV curve ${filename}: ${reading.problem}`);
  await storeNewCurve(ownerId, { bytes, curve: reading.curve, ...options }, null);
}

/**
 * The demo's IV curves, once: a public reference curve of the admin's, and two of the demo customer's
 * own (one for their first registered unit). Run as the seed unit, after the units are seeded.
 */
export async function seedDemoIvCurves(demoUserId: number, adminUserId: number): Promise<void> {
  if ((await curvesOf(adminUserId)).length === 0) {
    await store(adminUserId, 'reference-cell.csv', cellCurve('Reference Cells', 'RC-1 monocrystalline', 'mA', 42, 0.62), { public: true });
  }
  if ((await curvesOf(demoUserId)).length === 0) {
    const [product] = await productsOf(demoUserId);
    await store(demoUserId, 'acme-sc100.csv', cellCurve('Acme Solar', 'SC-100', 'mA', 52.1, 0.6), { productId: product?.id });
    await store(demoUserId, 'helios-hx7.csv', cellCurve('Helios', 'HX-7 indoor', 'uA', 180, 0.55));
  }
}
