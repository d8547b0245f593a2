// Starts the page: loads its WebAssembly, which draws the game.
import init from "./endodoi-web.js";
init();
