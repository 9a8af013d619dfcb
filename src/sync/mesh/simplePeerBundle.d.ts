/** simple-peer's prebuilt browser bundle: the same constructor as the package's main entry. */
declare module 'simple-peer/simplepeer.min.js' {
  import SimplePeer from 'simple-peer';
  export default SimplePeer;
}
