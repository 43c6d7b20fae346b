import { mount } from "svelte";
import { defineClarifyWidget } from "clarify-embed";
import App from "./App.svelte";

defineClarifyWidget();
mount(App, { target: document.getElementById("app") });
