const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const count = new Intl.NumberFormat('en-US');

export function formatPrice(dollars: number): string {
  return usd.format(dollars);
}

export function formatCount(value: number): string {
  return count.format(value);
}
