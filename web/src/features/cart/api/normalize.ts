/** Reads the server's cart answer into the client's cart lines (commerce §3 field names). */
import type { Cart, CartItem } from '../cart-model';
import type { CartAnswer, CartAnswerItem } from '../types';

export function toCartItem(item: CartAnswerItem): CartItem {
  return {
    id: item.id,
    name: item.name,
    description: item.description,
    imageUrl: item.imageUrl,
    availableNo: item.availableNo ?? null,
    discountPercentage: item.discountPercentage,
    price: item.price.amount,
    originalPrice: item.originalPrice.amount,
    currency: item.price.currency,
    quantity: item.quantity,
  };
}

export function toCart(answer: CartAnswer): Cart {
  const { totals } = answer;
  return {
    items: answer.items.map(toCartItem),
    maxQuantity: answer.maxQuantity,
    totals: totals.currency ? { subtotal: totals.subtotalAmount, discount: totals.discountAmount, total: totals.totalAmount, currency: totals.currency } : null,
  };
}
