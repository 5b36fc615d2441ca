import { productEndpointContract } from '../../shared/contract/product.endpoint';
import { createEndpointApp } from '../endpoint';
import { getAllProducts, getProductsCsv, getProductStatistics, unregisterProductHandler } from './handlers/all-products';
import { getDevice, getDevices } from './handlers/devices';
import { getProducts, moveProductHandler, registerProductHandler, requestCertificate } from './handlers/products';


export const app = createEndpointApp(productEndpointContract, {
  get_products: getProducts,
  register_product: registerProductHandler,
  move_product: moveProductHandler,
  request_certificate: requestCertificate,
  get_all_products: getAllProducts,
  get_products_csv: getProductsCsv,
  get_product_statistics: getProductStatistics,
  unregister_product: unregisterProductHandler,
  get_device: getDevice,
  get_devices: getDevices,
});
