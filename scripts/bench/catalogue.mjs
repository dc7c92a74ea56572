// Builds a synthetic catalogue of realistic tool names for the benchmarks.
const kinds = [
  'Drill',
  'Impact Driver',
  'Angle Grinder',
  'Circular Saw',
  'Jigsaw',
  'Torque Wrench',
  'Socket Set',
  'Pipe Wrench',
  'Bench Vise',
  'Hammer',
  'Chisel Set',
  'Tape Measure',
  'Level',
  'Heat Gun',
  'Sander',
  'Router',
  'Planer',
  'Clamp',
  'Pliers',
  'Screwdriver Set',
];
const brands = [
  'Pro',
  'Heavy-Duty',
  'Compact',
  'Cordless',
  'Industrial',
  'Precision',
  'Magnum',
  'Titan',
];

export const benchCategories = [
  'hand-tools',
  'power-tools',
  'measuring',
  'fastening',
  'storage',
  'cutting',
  'welding',
  'painting',
  'plumbing',
  'safety',
];

/** The SKU of the i-th synthetic tool, for the quick-order phase. */
export const benchSku = (i) => `BN-${String(i).padStart(6, '0')}`;

export function syntheticTools(count, seed = 1) {
  let x = seed;
  const rand = () => (x = (x * 1103515245 + 12345) % 2147483648) / 2147483648;
  const tools = [];
  for (let i = 0; i < count; i++) {
    const kind = kinds[i % kinds.length];
    const brand = brands[Math.floor(rand() * brands.length)];
    tools.push({
      sku: benchSku(i),
      name: `${brand} ${kind} ${String(i).padStart(6, '0')}`,
      img: '/images/tools/cordless-drill.svg',
      priceCents: 500 + Math.floor(rand() * 50000),
      description: `A ${brand.toLowerCase()} ${kind.toLowerCase()} for workshops and job sites.`,
      // One in ten sold out, so "in stock only" has something to leave out.
      availableQuantity: i % 10 === 3 ? 0 : 1000 + Math.floor(rand() * 9000),
      minimumOrderQuantity: 10,
      category: benchCategories[Math.floor(rand() * benchCategories.length)],
    });
  }
  return tools;
}
