// What the floor tells a table after a bust (R-BTN-2/3): where the button and the blinds go
// next hand under the room's rule. A live room's console does not follow the hands, so it says
// the rule for the table the player left, not the seats.

export type ButtonRule = "dead" | "moving";

export const afterBustKey = (rule: ButtonRule): "floor.afterBust.moving" | "floor.afterBust.dead" =>
  rule === "moving" ? "floor.afterBust.moving" : "floor.afterBust.dead";
