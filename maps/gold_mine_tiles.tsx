<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="gold_mine_tiles" tilewidth="64" tileheight="56" tilecount="7" columns="7">
  <image source="gold_mine_tiles.png" width="448" height="56"/>
  <tile id="0">
    <properties>
      <property name="kind" value="dirt"/>
    </properties>
  </tile>
  <tile id="1">
    <properties>
      <property name="kind" value="rock"/>
    </properties>
  </tile>
  <tile id="2">
    <properties>
      <property name="colour" value="brown"/>
      <property name="kind" value="mine"/>
      <property name="value" type="int" value="5"/>
    </properties>
  </tile>
  <tile id="3">
    <properties>
      <property name="colour" value="grey"/>
      <property name="kind" value="mine"/>
      <property name="value" type="int" value="7"/>
    </properties>
  </tile>
  <tile id="4">
    <properties>
      <property name="colour" value="yellow"/>
      <property name="kind" value="mine"/>
      <property name="value" type="int" value="12"/>
    </properties>
  </tile>
  <tile id="5">
    <properties>
      <property name="colour" value="blue"/>
      <property name="kind" value="mine"/>
      <property name="value" type="int" value="15"/>
    </properties>
  </tile>
  <tile id="6">
    <properties>
      <property name="colour" value="green"/>
      <property name="kind" value="mine"/>
      <property name="value" type="int" value="20"/>
    </properties>
  </tile>
</tileset>
